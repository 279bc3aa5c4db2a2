/** The shape of a post while it loads: badge, title, author line, a few lines of body, button. */
export function PostSkeleton() {
  return (
    <div className="card post" role="status" aria-label="Loading post" aria-busy="true">
      <span className="skeleton post-skeleton-badge" />
      <span className="skeleton post-skeleton-title" />
      <span className="skeleton post-skeleton-meta" />
      <span className="skeleton post-skeleton-line" />
      <span className="skeleton post-skeleton-line" />
      <span className="skeleton post-skeleton-line post-skeleton-short" />
      <span className="skeleton post-skeleton-button" />
    </div>
  );
}
