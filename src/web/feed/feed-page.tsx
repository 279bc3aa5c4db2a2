import { lazy, Suspense, useId, useRef, useState } from "react";
import { FiltersForm, SearchForm, useAppliedFilters } from "../search/index.ts";
import { notify } from "../ui/notify.tsx";
import { FEED_FILTERS } from "./api/get-filtered-posts.ts";
import { PostList } from "./post-list.tsx";
import "./feed.css";

// The form (and the validation schemas it shares with the server) loads when a member reaches for
// it, so reading the feed never waits for it (bench/lighthouse.ts).
const loadAddPostForm = () => import("./add-post-form.tsx");
const AddPostForm = lazy(() => loadAddPostForm().then((m) => ({ default: m.AddPostForm })));

export function FeedPage() {
  const [formOpen, setFormOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const { applied, ready, setFilters } = useAppliedFilters(FEED_FILTERS);

  function handlePosted() {
    setFormOpen(false);
    toggle.current?.focus();
    notify("Your post is live.", "success");
  }

  return (
    <section className="feed">
      <title>Most recent posts · Your Local Talents</title>
      <header className="feed-header">
        <div>
          <h1>Most recent posts</h1>
          <p className="muted">
            What your neighbours offer and what they are looking for, newest first. Open a post to
            read it all, or add your own.
          </p>
        </div>
        <button
          ref={toggle}
          type="button"
          className={formOpen ? "button button-ghost" : "button"}
          aria-expanded={formOpen}
          aria-controls={formId}
          onPointerEnter={loadAddPostForm}
          onFocus={loadAddPostForm}
          onClick={() => setFormOpen((open) => !open)}
        >
          {formOpen ? "Nevermind" : "Add a post"}
        </button>
      </header>
      <div id={formId}>
        {formOpen && (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <AddPostForm id={`${formId}-form`} onPosted={handlePosted} />
          </Suspense>
        )}
      </div>
      {/* Out of the way while a post is written: the form has a Topic of its own. */}
      {!formOpen && (
        <div className="feed-tools">
          <SearchForm name="Posts and people" className="feed-search" />
          <FiltersForm label="Feed filters" fields={FEED_FILTERS} submitLabel="Filter" />
        </div>
      )}
      <PostList
        filters={applied}
        ready={ready}
        onStartPosting={formOpen ? undefined : () => setFormOpen(true)}
        onClearFilters={() => setFilters({})}
      />
    </section>
  );
}
