import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";
import { useSession } from "../auth/index.ts";
import { conversationAddress } from "../messages/index.ts";
import { AreaText } from "../places/index.ts";
import { ReportButton } from "../reports/index.ts";
import { HiddenNotice } from "../ui/hidden-notice.tsx";
import { ShareButton } from "../ui/share-button.tsx";
import { AuthorResponsiveness } from "./author-responsiveness.tsx";
import { ExpiryNote } from "./expired-notice.tsx";
import { FilledBadge } from "./filled-badge.tsx";
import { PostTypeBadge } from "./post-type-badge.tsx";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

// Only a post's author needs these: other readers never load them.
const ownerTools = () => import("./post-owner-tools.ts");
const EditPostForm = lazy(() => ownerTools().then((m) => ({ default: m.EditPostForm })));
const PostOwnerActions = lazy(() => ownerTools().then((m) => ({ default: m.PostOwnerActions })));

/** A date as the page shows it; nothing when it cannot be read. */
function formatted(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

export function PostView({ post }: { post: Post }) {
  const titleId = useId();
  const session = useSession();
  const own = session.data?.profile?.username === post.username;
  const [editing, setEditing] = useState(false);
  const filled = Boolean(post.filled_at);
  const created = formatted(post.created_at);
  const edited = post.edited_at ? formatted(post.edited_at) : null;
  return (
    <article className="card post">
      <title>{`${post.title} · Your Local Talents`}</title>
      {post.hidden && <HiddenNotice />}
      {own && editing ? (
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          <EditPostForm post={post} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <>
          <p className="post-badges">
            {filled && <FilledBadge />}
            <PostTypeBadge type={post.type} />
            <span className="badge">{post.topic}</span>
          </p>
          <h1 id={titleId}>{post.title}</h1>
          <p className="post-meta">
            by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
            {created && (
              <>
                {" · "}
                <time dateTime={post.created_at}>{created}</time>
              </>
            )}
            {post.edited_at && (
              <>
                {" · "}
                <time dateTime={post.edited_at} title={edited ? `Edited ${edited}` : undefined}>
                  edited
                </time>
              </>
            )}
            {post.area && (
              <>
                {" · "}
                <AreaText area={post.area} distanceKm={post.distance_km} />
              </>
            )}
          </p>
          <AuthorResponsiveness username={post.username} />
          {filled && <FilledNote username={post.username} own={own} />}
          <ExpiryNote post={post} own={own} />
          <div className="post-body">{post.body}</div>
          <div className="button-row">
            {!own && !filled && (
              <Link to={conversationAddress(post.username, post.id)} className="button">
                Chat to {post.username}
              </Link>
            )}
            {own && (
              <Suspense fallback={null}>
                <PostOwnerActions post={post} onEdit={() => setEditing(true)} />
              </Suspense>
            )}
            {!post.hidden && (
              <ShareButton
                title={post.title}
                path={`/articles/${post.id}`}
                label={`Share ${post.title}`}
              />
            )}
            <ReportButton
              target={{ type: "post", id: String(post.id) }}
              author={post.username}
              describedBy={titleId}
            />
          </div>
        </>
      )}
    </article>
  );
}

function FilledNote({ username, own }: { username: string; own: boolean }) {
  return (
    <p className="post-filled-note">
      {own
        ? "You marked this post as filled: it stays readable, and no longer invites answers."
        : `${username} marked this post as filled.`}
    </p>
  );
}
