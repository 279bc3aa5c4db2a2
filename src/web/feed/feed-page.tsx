import { useId, useRef, useState } from "react";
import { notify } from "../ui/notify.tsx";
import { AddPostForm } from "./add-post-form.tsx";
import { ArticleList } from "./article-list.tsx";
import "./feed.css";

export function FeedPage() {
  const [formOpen, setFormOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();

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
          aria-controls={formOpen ? formId : undefined}
          onClick={() => setFormOpen((open) => !open)}
        >
          {formOpen ? "Nevermind" : "Add a post"}
        </button>
      </header>
      {formOpen && <AddPostForm id={formId} onPosted={handlePosted} />}
      <ArticleList onStartPosting={formOpen ? undefined : () => setFormOpen(true)} />
    </section>
  );
}
