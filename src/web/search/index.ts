// What other features and the app shell use of search: the search field (the top bar's and the
// feed's) and the filters the feed shares. The page is reached through routes.tsx.
export { FiltersForm } from "./filters-form.tsx";
export { SearchForm } from "./search-form.tsx";
export { filtersQuery, type SearchFilters } from "./search-params.ts";
export { useAppliedFilters } from "./use-applied-filters.ts";
