import { Link } from "react-router";
import type { PostSearchResult } from "../../shared/search.ts";
import { AreaText } from "../places/index.ts";
import { FilledBadge, PostTypeBadge } from "../posts/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { TimeAgo } from "../ui/time-ago.tsx";
import { HighlightedText } from "./highlighted-text.tsx";

/**
 * A post found: its type and topic, the title, who wrote it and how long ago, its town, and the
 * body around the matched words.
 */
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
      <div className="result-author">
        <Avatar name={post.username} imageUrl={post.author_img_url ?? null} size={32} />
        <p className="result-meta">
          by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
          {" · "}
          <TimeAgo iso={post.created_at} />
          {post.area && (
            <>
              <br />
              <AreaText area={post.area} distanceKm={post.distance_km} />
            </>
          )}
        </p>
      </div>
      <p className="result-excerpt">
        <HighlightedText segments={post.excerpt} />
      </p>
    </article>
  );
}
