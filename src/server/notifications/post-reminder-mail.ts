import { expiryQuestion } from "../../shared/notifications.ts";
import {
  POST_LINK_ACTIONS,
  POST_LINK_LABELS,
  type PostLinkAction,
} from "../../shared/post-links.ts";
import type { PostType } from "../../shared/posts.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { type TopicMailAddress, topicMail } from "./notification-mail.ts";

export type PostReminderContext = Omit<TopicMailAddress, "topic"> & {
  post: { id: number; title: string; kind: PostType; expiresAt: Date };
  /** Each action's signed token (post-link-token.ts). */
  tokens: Record<PostLinkAction, string>;
};

const longDate = (date: Date) =>
  date.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * "Still offering 'Bike repairs'?" (issue 32): when the post leaves the feed, and its three
 * one-click links (Keep for another 60 days, Mark filled, Remove), each to a page that asks first.
 */
export function postReminderMail({ post, tokens, ...address }: PostReminderContext): OutgoingMail {
  const link = (action: PostLinkAction) =>
    `${address.origin}/post-link?token=${encodeURIComponent(tokens[action])}`;
  return topicMail(
    { ...address, topic: "reminders" },
    {
      subject: expiryQuestion(post.kind, post.title),
      paragraphs: [
        `Your post '${post.title}' leaves the feed and search on ${longDate(post.expiresAt)}. Is it still on?`,
        ...POST_LINK_ACTIONS.map((action) => `${POST_LINK_LABELS[action]}: ${link(action)}`),
        "Each link asks you first, works once, and needs no sign-in. Do nothing and the post expires: it stays on your profile under Past posts, and you can renew it from its page.",
      ],
      action: { label: "Open the post", url: `${address.origin}/articles/${post.id}` },
    },
  );
}
