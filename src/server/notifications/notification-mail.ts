import { type NotificationTopic, TOPIC_LABELS } from "../../shared/notifications.ts";
import { type MailContent, type OutgoingMail, renderMail } from "../mail/index.ts";

/** Who a topic's mail goes to, and the signed token its unsubscribe link carries. */
export type TopicMailAddress = {
  to: string;
  topic: NotificationTopic;
  origin: string;
  unsubscribeToken: string;
};

export type NotificationMailContext = TopicMailAddress & {
  /** What happened, oldest first: each entry's sentence and its address in the app. */
  entries: { text: string; link: string }[];
};

/**
 * A mail about one topic, as every notification mail is: the content, then why it came and how to
 * stop it; the one-click unsubscribe of RFC 8058 in its headers (a POST to the link turns this
 * topic's mail off) and the same link in its text (the page there says what was turned off and
 * offers to undo it).
 */
export function topicMail(
  { to, topic, origin, unsubscribeToken }: TopicMailAddress,
  content: Omit<MailContent, "to" | "heading">,
): OutgoingMail {
  const unsubscribe = `${origin}/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  const mail = renderMail({
    ...content,
    to,
    heading: content.subject,
    paragraphs: [
      ...content.paragraphs,
      `You get this mail because mail about "${TOPIC_LABELS[topic]}" is on. To turn it off, open ${unsubscribe}`,
    ],
  });
  return {
    ...mail,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** One mail for a topic's due entries: what happened, with links straight to it. */
export function notificationMail({ entries, ...address }: NotificationMailContext): OutgoingMail {
  const [first] = entries;
  if (!first) throw new Error("a notification mail needs an entry");
  const { origin } = address;
  const single = entries.length === 1;
  const subject = single ? first.text : `${first.text}, and ${entries.length - 1} more`;
  return topicMail(address, {
    subject,
    paragraphs: single ? [] : entries.map((entry) => `${entry.text}: ${origin}${entry.link}`),
    action: {
      label: single ? "Open it" : "Open your notifications",
      url: single ? `${origin}${first.link}` : `${origin}/notifications`,
    },
  });
}
