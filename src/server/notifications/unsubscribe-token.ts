import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_TOPICS, type NotificationTopic } from "../../shared/notifications.ts";

/** Scoped: a token made for unsubscribing can be read as nothing else. */
const PURPOSE = "unsubscribe";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (key: string, userId: string, topic: string) =>
  createHmac("sha256", key).update(`${PURPOSE}\n${userId}\n${topic}`).digest();

/**
 * The token of a mail's unsubscribe link: one member's one topic, signed with the server's key, so
 * it turns off that mail without signing in and can be used for nothing else. It does not expire:
 * a mail's link keeps working.
 */
export function unsubscribeToken(key: string, userId: string, topic: NotificationTopic): string {
  const claims = Buffer.from(`${userId}|${topic}`, "utf8").toString("base64url");
  return `${claims}.${signatureOf(key, userId, topic).toString("base64url")}`;
}

/** Whose topic `token` names, or null when this server did not sign it (or it was changed). */
export function readUnsubscribeToken(
  key: string,
  token: string,
): { userId: string; topic: NotificationTopic } | null {
  const [claims = "", signature = "", extra] = token.split(".");
  if (extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(claims + signature)) return null;
  const [userId = "", topic = "", more] = Buffer.from(claims, "base64url")
    .toString("utf8")
    .split("|");
  if (more !== undefined || !UUID.test(userId)) return null;
  if (!(NOTIFICATION_TOPICS as readonly string[]).includes(topic)) return null;
  const expected = signatureOf(key, userId, topic);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, topic: topic as NotificationTopic };
}
