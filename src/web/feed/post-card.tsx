import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";
import { previewBody } from "../../shared/preview.ts";

/** A post in the feed: the whole card leads to the post, the author's name to their profile. */
export function PostCard({ post }: { post: Post }) {
  return (
    <article className="card post-card">
      <h2>
        <Link to={`/articles/${post.id}`} className="post-card-link">
          {post.title}
        </Link>
      </h2>
      <span className="badge">{post.topic}</span>
      <p className="post-card-author">
        by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
      </p>
      <p className="post-card-body">{previewBody(post.body)}</p>
    </article>
  );
}
