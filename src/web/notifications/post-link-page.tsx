import { Link, useSearchParams } from "react-router";
import { POST_LINK_LABELS, type PostLinkAnswer } from "../../shared/post-links.ts";
import { CardPage } from "../ui/card-page.tsx";
import { usePostLink, useUsePostLink } from "./api/post-links.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });
const longDate = (iso: string) => dateFormat.format(new Date(iso));

const INVALID =
  "This link is not valid. Open the link from the mail again, or sign in to change your post.";

/** The question before acting: the link opened, nothing done yet (mail scanners open links). */
function question({ action, post }: PostLinkAnswer): string {
  const title = post ? `'${post.title}'` : "your post";
  if (action === "keep") return `Keep ${title} in the feed for another 60 days?`;
  if (action === "filled") return `Mark ${title} as filled?`;
  return `Remove ${title}?`;
}

/** What was done. */
function doneText({ action, post }: PostLinkAnswer): string {
  const title = post ? `'${post.title}'` : "Your post";
  if (action === "keep" && post) {
    return `${title} stays in the feed and search until ${longDate(post.expires_at)}.`;
  }
  if (action === "filled")
    return `${title} is marked as filled. It stays readable on your profile.`;
  return "Your post was removed.";
}

/**
 * /post-link?token=: where the "Still offering …?" mail's links lead (issue 32). It says what the
 * link will do and does it only on the button (a GET changes nothing), without signing in; a used
 * link and one this server did not sign each get a clear page.
 */
export function PostLinkPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const link = usePostLink(token);
  const act = useUsePostLink();
  const answer = act.data ?? link.data;

  if (!token || link.isError) {
    return (
      <CardPage title="This link is not valid">
        <p role="alert">{link.error?.message ?? INVALID}</p>
        <Link to="/">Go to the home page</Link>
      </CardPage>
    );
  }
  if (!answer) return <CardPage title="Opening the link…">{null}</CardPage>;
  if (answer.state === "used") {
    return (
      <CardPage title="This link was already used">
        <p>
          Each link in the mail works once, and this one already did its job. To change your post
          again, sign in and open it.
        </p>
        <Link to="/">Go to the home page</Link>
      </CardPage>
    );
  }
  if (answer.state === "gone") {
    return (
      <CardPage title="This post was removed">
        <p>There is nothing left to change: the post is no longer there.</p>
        <Link to="/">Go to the home page</Link>
      </CardPage>
    );
  }
  if (answer.state === "done") {
    return (
      <CardPage title="Done">
        <p role="status">{doneText(answer)}</p>
        {answer.post && <Link to={`/articles/${answer.post.id}`}>Open the post</Link>}
      </CardPage>
    );
  }
  return (
    <CardPage title={question(answer)}>
      {answer.post && (
        <p>
          It leaves the feed and search on {longDate(answer.post.expires_at)} unless you keep it.
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={act.isPending}
          onClick={() => act.mutate(token)}
        >
          {POST_LINK_LABELS[answer.action]}
        </button>
      </div>
      {act.isError && <p role="alert">{act.error.message}</p>}
    </CardPage>
  );
}
