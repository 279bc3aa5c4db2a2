import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
import type { Post } from "../../shared/posts.ts";
import { FiltersForm, SearchForm, useAppliedFilters } from "../search/index.ts";
import { FEED_FILTERS } from "./api/get-filtered-posts.ts";
import { PostList } from "./post-list.tsx";
import { PostedNotice } from "./posted-notice.tsx";
import "./feed.css";

// The form (and the validation schemas it shares with the server) loads when a member reaches for
// it, so reading the feed never waits for it (bench/lighthouse.ts).
const loadAddPostForm = () => import("./add-post-form.tsx");
const AddPostForm = lazy(() => loadAddPostForm().then((m) => ({ default: m.AddPostForm })));

export function FeedPage() {
  const [formOpen, setFormOpen] = useState(false);
  const [posted, setPosted] = useState<Post | null>(null);
  // The closed form's room, kept until the member moves on (PostedNotice).
  const [heldHeight, setHeldHeight] = useState(0);
  const release = useCallback(() => setHeldHeight(0), []);
  const toggle = useRef<HTMLButtonElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const formId = useId();
  const { applied, ready, setFilters } = useAppliedFilters(FEED_FILTERS);

  function handlePosted(post: Post) {
    setHeldHeight(slot.current?.getBoundingClientRect().height ?? 0);
    setPosted(post);
    setFormOpen(false);
    // Without scrolling to it: the page stays where it is under the pointer.
    toggle.current?.focus({ preventScroll: true });
  }

  function toggleForm() {
    setPosted(null);
    release();
    setFormOpen((open) => !open);
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
          onClick={toggleForm}
        >
          {formOpen ? "Nevermind" : "Add a post"}
        </button>
      </header>
      <div id={formId} ref={slot}>
        {formOpen ? (
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <AddPostForm id={`${formId}-form`} onPosted={handlePosted} />
          </Suspense>
        ) : (
          <PostedNotice post={posted} heldHeight={heldHeight} onRelease={release} />
        )}
      </div>
      {/* Out of the way while a post is written (the form has a Topic of its own) or just after. */}
      {!formOpen && heldHeight === 0 && (
        <div className="feed-tools">
          <SearchForm name="Posts and people" className="feed-search" />
          <FiltersForm label="Feed filters" fields={FEED_FILTERS} submitLabel="Filter" />
        </div>
      )}
      <PostList
        filters={applied}
        ready={ready}
        onStartPosting={formOpen ? undefined : toggleForm}
        onClearFilters={() => setFilters({})}
      />
    </section>
  );
}
