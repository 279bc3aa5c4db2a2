import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";
import { previewBody } from "../../shared/preview.ts";
import { AreaText } from "../places/index.ts";
import { FilledBadge, PostTypeBadge } from "../posts/index.ts";

/**
 * A post in the feed: the whole card leads to the post, the author's name to their profile. Its
 * type and topic (and "Filled" once its author marked it so), and its town (with the distance
 * under a distance filter).
 */
export function PostCard({ post }: { post: Post }) {
  return (
    <article className="card post-card">
      <h2>
        <Link to={`/articles/${post.id}`} className="post-card-link">
          {post.title}
        </Link>
      </h2>
      <p className="post-card-badges">
        {post.filled_at && <FilledBadge />}
        <PostTypeBadge type={post.type} />
        <span className="badge">{post.topic}</span>
      </p>
      <p className="post-card-author">
        by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
        {post.area && (
          <>
            {" · "}
            <AreaText area={post.area} distanceKm={post.distance_km} />
          </>
        )}
      </p>
      <p className="post-card-body">{previewBody(post.body)}</p>
    </article>
  );
}
