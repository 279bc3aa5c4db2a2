import { Link } from "react-router";
import type { PostSearchResult } from "../../shared/search.ts";
import { AreaText } from "../places/index.ts";
import { FilledBadge, PostTypeBadge } from "../posts/index.ts";
import { HighlightedText } from "./highlighted-text.tsx";

/** A post found: its type and topic, the title and the body around the matched words, its town. */
export function PostResult({ post }: { post: PostSearchResult }) {
  return (
    <article className="card result post-result">
      <p className="result-badges">
        {post.filled_at && <FilledBadge />}
        <PostTypeBadge type={post.type} />
        <span className="badge">{post.topic}</span>
      </p>
      <h3>
        <Link to={`/articles/${post.id}`} className="result-link">
          <HighlightedText segments={post.title_highlight} />
        </Link>
      </h3>
      <p className="result-meta">
        by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
        {post.area && (
          <>
            {" · "}
            <AreaText area={post.area} distanceKm={post.distance_km} />
          </>
        )}
      </p>
      <p className="result-excerpt">
        <HighlightedText segments={post.excerpt} />
      </p>
    </article>
  );
}
