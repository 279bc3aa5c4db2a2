import type { OutgoingMail } from "../mail/index.ts";
import type { DigestSection } from "./digest-content.ts";
import { type TopicMailAddress, topicMail } from "./notification-mail.ts";

/** `topic`: `digest` for the weekly digest, `alerts` for the daily mail of saved-search matches. */
export type DigestMailContext = TopicMailAddress & { sections: DigestSection[] };

/**
 * A periodic mail (the weekly digest, the daily saved-search mail): each section's posts with
 * links straight to them, and the topic's one-click unsubscribe, as every notification mail has.
 */
export function digestMail({ sections, ...address }: DigestMailContext): OutgoingMail {
  const { origin, topic } = address;
  const count = sections.reduce((sum, section) => sum + section.posts.length, 0);
  const posts = count === 1 ? "1 new post" : `${count} new posts`;
  const subject =
    topic === "digest"
      ? `New near you: ${posts} this week`
      : `${posts} matching your saved searches`;
  return topicMail(address, {
    subject,
    paragraphs: sections.map((section) =>
      [
        `${section.heading}:`,
        ...section.posts.map((post) => `${post.title}: ${origin}/articles/${post.id}`),
      ].join("\n"),
    ),
    action: { label: "Open the feed", url: `${origin}/feed` },
  });
}
