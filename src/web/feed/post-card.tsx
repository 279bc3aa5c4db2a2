import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";
import { previewBody } from "../../shared/preview.ts";
import { AreaText } from "../places/index.ts";
import { FilledBadge, PostTypeBadge } from "../posts/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { TimeAgo } from "../ui/time-ago.tsx";

/**
 * A post in the feed: the whole card leads to the post, the author's name to their profile. Its
 * type and topic (and "Filled" once its author marked it so), who wrote it (avatar and name) and
 * how long ago, and its town (with the distance under a distance filter); the body as SPEC's
 * preview rule cuts it.
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
      <div className="post-card-author">
        <Avatar name={post.username} imageUrl={post.author_img_url ?? null} size={32} />
        <p>
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
      <p className="post-card-body">{previewBody(post.body)}</p>
    </article>
  );
}
