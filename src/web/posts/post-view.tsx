import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

export function PostView({ post }: { post: Post }) {
  const created = new Date(post.created_at);
  return (
    <article className="card post">
      <title>{`${post.title} · Your Local Talents`}</title>
      <span className="badge">{post.topic}</span>
      <h1>{post.title}</h1>
      <p className="post-meta">
        by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
        {!Number.isNaN(created.getTime()) && (
          <>
            {" · "}
            <time dateTime={post.created_at}>{dateFormat.format(created)}</time>
          </>
        )}
      </p>
      <div className="post-body">{post.body}</div>
      <p>
        <Link to="/chatapp" className="button">
          Chat to {post.username}
        </Link>
      </p>
    </article>
  );
}
