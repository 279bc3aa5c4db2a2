import { type PushPayload, pushPayloadSchema } from "../../../shared/push.ts";

declare const self: ServiceWorkerGlobalScope;

type NotificationData = Pick<PushPayload, "id" | "link">;

/**
 * A push (issue 31) becomes a notification: the payload of src/shared/push.ts, its `tag` replacing
 * the device's earlier one of the same group; the app's badge shows the member's unread count.
 */
export async function showPush(event: PushEvent): Promise<void> {
  const parsed = pushPayloadSchema.safeParse(jsonOf(event.data));
  // A push must show something (browsers say "updated in the background" otherwise): a payload
  // this version cannot read still leads to the list.
  if (!parsed.success) {
    await self.registration.showNotification("Your Local Talents", {
      body: "You have a new notification.",
      tag: "notifications",
      data: { link: "/notifications" },
      icon: "/icon-192.png",
    });
    return;
  }
  const { id, title, body, tag, link, unread } = parsed.data;
  const data: NotificationData = { id, link };
  await Promise.all([
    self.registration.showNotification(title, {
      body,
      tag,
      data,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
    }),
    setBadge(unread),
  ]);
}

/**
 * A click on a notification marks its entry read, then shows its page: in a window of the app
 * already open (the newest focused one) or a new one.
 */
export async function openNotification(event: NotificationEvent): Promise<void> {
  event.notification.close();
  const { id, link } = (event.notification.data ?? {}) as Partial<NotificationData>;
  const target = new URL(typeof link === "string" ? link : "/notifications", self.location.origin);
  // Never leave the app's own site, whatever a payload says.
  const href = target.origin === self.location.origin ? target.href : "/notifications";
  const marked =
    typeof id === "number"
      ? fetch(`/api/notifications/${id}/read`, { method: "POST", credentials: "include" }).catch(
          () => undefined,
        )
      : undefined;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.focused) ?? windows[0];
  // Focusing may be refused (no click to allow it): the window is still shown the page.
  await open?.focus().catch(() => undefined);
  const shown = open ? await open.navigate(href).catch(() => null) : null;
  if (!shown) await self.clients.openWindow(href);
  await marked;
}

function jsonOf(data: PushMessageData | null): unknown {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
}

async function setBadge(count: number): Promise<void> {
  const navigator = self.navigator as WorkerNavigator & {
    setAppBadge?: (count?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    if (count > 0) await navigator.setAppBadge?.(count);
    else await navigator.clearAppBadge?.();
  } catch {
    // Not allowed here (no installed app, say): the notification is what matters.
  }
}
