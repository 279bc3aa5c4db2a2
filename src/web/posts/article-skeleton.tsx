/** The shape of a post while it loads: badge, title, author line, a few lines of body, button. */
export function ArticleSkeleton() {
  return (
    <div className="card article" role="status" aria-label="Loading post" aria-busy="true">
      <span className="skeleton article-skeleton-badge" />
      <span className="skeleton article-skeleton-title" />
      <span className="skeleton article-skeleton-meta" />
      <span className="skeleton article-skeleton-line" />
      <span className="skeleton article-skeleton-line" />
      <span className="skeleton article-skeleton-line article-skeleton-short" />
      <span className="skeleton article-skeleton-button" />
    </div>
  );
}
