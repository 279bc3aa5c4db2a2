import { POST_RENEW_DAYS, type Post } from "../../shared/posts.ts";
import { MutationButton } from "../ui/mutation-button.tsx";
import { useRenewPost } from "./api/renew-post.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/** What a post's page says of its expiry (issue 32): expired, or to its author until when it shows. */
export function ExpiryNote({ post, own }: { post: Post; own: boolean }) {
  if (post.expired) return <ExpiredNotice post={post} own={own} />;
  return own ? <ShownUntil post={post} /> : null;
}

/**
 * An expired post's page (issue 32): when it expired, and for its author a button that puts it
 * back in the feed and search for another 60 days.
 */
function ExpiredNotice({ post, own }: { post: Post; own: boolean }) {
  const when = dateFormat.format(new Date(post.expires_at));
  return (
    <div className="post-expired-note" role="note">
      <p>
        This post expired on <time dateTime={post.expires_at}>{when}</time>.{" "}
        {own
          ? "It is no longer in the feed or search; renew it to show it again."
          : "It is no longer in the feed or search."}
      </p>
      {own && <RenewButton post={post} />}
    </div>
  );
}

/** For the author of a running post: until when it shows, and that they can keep it longer. */
function ShownUntil({ post }: { post: Post }) {
  const until = dateFormat.format(new Date(post.expires_at));
  return (
    <p className="post-shown-until muted">
      In the feed and search until <time dateTime={post.expires_at}>{until}</time>. We ask you 3
      days before.
    </p>
  );
}

function RenewButton({ post }: { post: Post }) {
  const renew = useRenewPost(post.id);
  return (
    <MutationButton
      mutation={renew}
      variables={undefined}
      successText={`Your post is back in the feed for ${POST_RENEW_DAYS} days.`}
    >
      Renew for {POST_RENEW_DAYS} days
    </MutationButton>
  );
}
