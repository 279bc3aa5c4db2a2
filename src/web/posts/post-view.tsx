import { useId } from "react";
import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";
import { useSession } from "../auth/index.ts";
import { conversationAddress } from "../messages/index.ts";
import { AreaText } from "../places/index.ts";
import { ReportButton } from "../reports/index.ts";
import { HiddenNotice } from "../ui/hidden-notice.tsx";
import { PostTypeBadge } from "./post-type-badge.tsx";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

export function PostView({ post }: { post: Post }) {
  const created = new Date(post.created_at);
  const titleId = useId();
  const session = useSession();
  const own = session.data?.profile?.username === post.username;
  return (
    <article className="card post">
      <title>{`${post.title} · Your Local Talents`}</title>
      {post.hidden && <HiddenNotice />}
      <p className="post-badges">
        <PostTypeBadge type={post.type} />
        <span className="badge">{post.topic}</span>
      </p>
      <h1 id={titleId}>{post.title}</h1>
      <p className="post-meta">
        by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
        {!Number.isNaN(created.getTime()) && (
          <>
            {" · "}
            <time dateTime={post.created_at}>{dateFormat.format(created)}</time>
          </>
        )}
        {post.area && (
          <>
            {" · "}
            <AreaText area={post.area} distanceKm={post.distance_km} />
          </>
        )}
      </p>
      <div className="post-body">{post.body}</div>
      <div className="button-row">
        {!own && (
          <Link to={conversationAddress(post.username)} className="button">
            Chat to {post.username}
          </Link>
        )}
        <ReportButton
          target={{ type: "post", id: String(post.id) }}
          author={post.username}
          describedBy={titleId}
        />
      </div>
    </article>
  );
}
