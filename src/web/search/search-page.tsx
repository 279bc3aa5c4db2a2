import { AlertMeForm } from "../notifications/index.ts";
import {
  PEOPLE_SEARCH_FILTERS,
  type PeopleSearch,
  POST_SEARCH_FILTERS,
  type PostSearch,
  useSearchPeople,
  useSearchPosts,
} from "./api/search-results.ts";
import { FiltersForm } from "./filters-form.tsx";
import { PersonResult } from "./person-result.tsx";
import { PostResult } from "./post-result.tsx";
import { ResultGroup } from "./result-group.tsx";
import { FILTER_NAMES, type FilterName, type SearchFilters } from "./search-params.ts";
import { TownMapSection } from "./town-map-section.tsx";
import { useAppliedFilters } from "./use-applied-filters.ts";
import "./search.css";

function pick<Names extends FilterName>(filters: SearchFilters, names: readonly Names[]) {
  const picked = {} as Pick<SearchFilters, Names>;
  for (const name of names)
    if (filters[name] !== undefined) Object.assign(picked, { [name]: filters[name] });
  return picked;
}

/**
 * /search (issue 18, public): the words and filters from the address, then posts and people, each
 * ranked and paged on its own. Type and Topic only narrow posts, so a search by one of them shows
 * only posts; Skill narrows both (issue 33: the "Plumber" chip lists plumbing posts and plumbers).
 */
export function SearchPage() {
  const { filters, applied, ready, setFilters } = useAppliedFilters(FILTER_NAMES);
  const postSearch: PostSearch = pick(applied, POST_SEARCH_FILTERS);
  const peopleSearch: PeopleSearch = pick(applied, PEOPLE_SEARCH_FILTERS);
  const postsOnly = Boolean(filters.type || filters.topic);
  const showPeople = !postsOnly;
  const posts = useSearchPosts(postSearch, ready);
  const people = useSearchPeople(peopleSearch, ready && showPeople);
  const clearFilters = (search: SearchFilters) =>
    Object.keys(search).some((name) => name !== "q")
      ? () => setFilters(filters.q ? { q: filters.q } : {})
      : undefined;

  return (
    <section className="search-page">
      <title>
        {filters.q ? `${filters.q} · Search · Your Local Talents` : "Search · Your Local Talents"}
      </title>
      <h1>Search</h1>
      <p className="muted search-intro">
        Find posts and people by their words. Type and Topic narrow the posts; Skill finds both.
        Pick a town to see what is near it first.
      </p>
      <FiltersForm label="Search and filters" fields={FILTER_NAMES} submitLabel="Search" />
      {/* Saved searches keep words and post filters, not skills (yet): no alert for a skill. */}
      {ready && !postSearch.skill && <AlertMeForm search={postSearch} />}
      {ready && <TownMapSection filters={applied} groups={{ posts: true, people: showPeople }} />}
      <div className={showPeople ? "search-results" : "search-results search-results-one"}>
        <ResultGroup
          title="Posts"
          query={posts}
          itemsOf={(page) => page.articles}
          keyOf={(post) => post.id}
          q={filters.q}
          onClearFilters={clearFilters(postSearch)}
        >
          {(post) => <PostResult post={post} />}
        </ResultGroup>
        {showPeople && (
          <ResultGroup
            title="People"
            query={people}
            itemsOf={(page) => page.users}
            keyOf={(person) => person.username}
            q={filters.q}
            onClearFilters={clearFilters(peopleSearch)}
          >
            {(person) => <PersonResult person={person} />}
          </ResultGroup>
        )}
      </div>
    </section>
  );
}
