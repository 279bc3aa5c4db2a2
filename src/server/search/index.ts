export { searchRoutes } from "./search-routes.ts";
export { type SearchText, searchTextOf } from "./search-text.ts";
export { townMapRoutes } from "./town-map-routes.ts";
