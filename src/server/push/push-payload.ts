import { notificationText } from "../../shared/notifications.ts";
import type { PushPayload } from "../../shared/push.ts";
import type { DeviceEntry } from "../notifications/index.ts";

const APP_NAME = "Your Local Talents";

/**
 * What a device shows for an entry as it is now: the list's sentence as the title, a few words of
 * what it is about (a post's title) or the app's name below, the list's link, the entry's group as
 * the tag (a newer push of one conversation replaces the older), and the bell's count.
 */
export function pushPayload({ entry, groupKey }: DeviceEntry, unread: number): PushPayload {
  const title = notificationText(entry);
  const body = entry.detail && entry.detail !== title ? entry.detail : APP_NAME;
  return { id: entry.id, kind: entry.kind, title, body, link: entry.link, tag: groupKey, unread };
}
