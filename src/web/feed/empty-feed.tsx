/** No posts at all yet: invite the first one. */
export function EmptyFeed({ onStartPosting }: { onStartPosting?: (() => void) | undefined }) {
  return (
    <div className="card feed-message">
      <h2>No posts yet</h2>
      <p>Be the first to tell your neighbours what you offer or what you are looking for.</p>
      {onStartPosting && (
        <button type="button" className="button" onClick={onStartPosting}>
          Write the first post
        </button>
      )}
    </div>
  );
}
