import { Link } from "react-router";
import { signInPathFor, useSession } from "../auth/index.ts";
import { FiltersForm, useAppliedFilters } from "../search/index.ts";
import { BROWSE_FILTERS } from "./api/get-filtered-posts.ts";
import { PostList } from "./post-list.tsx";
import "./feed.css";

/**
 * /browse (issue 33): the posts anyone may read without an account, newest first, near a town the
 * visitor picks (kept in the address) and narrowed by the feed's filters. SPEC's /feed stays for
 * members; a visitor is offered to sign in and go there.
 */
export function BrowsePage() {
  const session = useSession();
  const { applied, ready, setFilters } = useAppliedFilters(BROWSE_FILTERS);
  const signedOut = session.isSuccess && !session.data.user;
  return (
    <section className="feed">
      <title>Browse posts · Your Local Talents</title>
      <header className="feed-header">
        <div>
          <h1>Browse posts</h1>
          <p className="muted">
            What your neighbours offer and what they are looking for, newest first. Pick your town
            to see the posts near it.
          </p>
        </div>
        {signedOut && (
          <Link to={signInPathFor("/feed")} className="button">
            Sign in to post
          </Link>
        )}
      </header>
      <FiltersForm label="Browse filters" fields={BROWSE_FILTERS} submitLabel="Filter" />
      <PostList filters={applied} ready={ready} onClearFilters={() => setFilters({})} />
    </section>
  );
}
