import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";
import { previewBody } from "../../shared/preview.ts";
import { rateText } from "../../shared/service-details.ts";
import { AreaText } from "../places/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { TimeAgo } from "../ui/time-ago.tsx";
import { FilledBadge } from "./filled-badge.tsx";
import { PostTypeBadge } from "./post-type-badge.tsx";
import "./post-card.css";

/** The feed's card (post-card.css) and a search result's (search.css): their classes and heading. */
const LOOKS = {
  feed: {
    article: "card post-card",
    heading: "h2",
    link: "post-card-link",
    badges: "post-card-badges",
    author: "post-card-author",
    meta: undefined,
    body: "post-card-body",
  },
  result: {
    article: "card result post-result",
    heading: "h3",
    link: "result-link",
    badges: "result-badges",
    author: "result-author",
    meta: "result-meta",
    body: "result-excerpt",
  },
} as const;

type Props = {
  post: Post;
  look: keyof typeof LOOKS;
  /** The title and the body as shown: the plain title and the body's preview unless given. */
  title?: ReactNode;
  body?: ReactNode;
};

/**
 * A post in a list: the title leads to the post, the author's name to their profile. Its type and
 * topic (and "Filled" once its author marked it so, "Expired" once it expired), who wrote it (avatar
 * and name) and how long ago, their rate on an offer when they set one (issue 32), its town (with
 * the distance under a distance filter), and the body as SPEC's preview rule
 * cuts it. A search result shows its badges above the title, the feed below.
 */
export function PostCard({ post, look, title = post.title, body = previewBody(post.body) }: Props) {
  const classes = LOOKS[look];
  const Heading = classes.heading;
  const heading = (
    <Heading>
      <Link to={`/articles/${post.id}`} className={classes.link}>
        {title}
      </Link>
    </Heading>
  );
  const badges = (
    <p className={classes.badges}>
      {post.filled_at && <FilledBadge />}
      {post.expired && !post.filled_at && <span className="filled-badge">Expired</span>}
      <PostTypeBadge type={post.type} />
      <span className="badge">{post.topic}</span>
    </p>
  );
  return (
    <article className={classes.article}>
      {look === "result" && badges}
      {heading}
      {look === "feed" && badges}
      <div className={classes.author}>
        <Avatar name={post.username} imageUrl={post.author_img_url ?? null} size={32} />
        <p className={classes.meta}>
          by: <Link to={`/user/${encodeURIComponent(post.username)}`}>{post.username}</Link>
          {" · "}
          <TimeAgo iso={post.created_at} />
          {/* The author's rate is the price of what they offer, not of what they look for. */}
          {post.author_rate && post.type === "offering" && (
            <>
              {" · "}
              <span className="post-card-rate">{rateText(post.author_rate)}</span>
            </>
          )}
          {post.area && (
            <>
              <br />
              <AreaText area={post.area} distanceKm={post.distance_km} />
            </>
          )}
        </p>
      </div>
      <p className={classes.body}>{body}</p>
    </article>
  );
}
