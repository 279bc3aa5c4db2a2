import { afterEach, vi } from "vitest";

// The browser's Web Push parts jsdom lacks (service worker, PushManager, Notification), as a
// browser with them would answer; gone after each test (vi.unstubAllGlobals in fake-api.ts).
afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
});

type Options = {
  /** What the permission prompt answers. */
  permission?: NotificationPermission;
  /** The endpoint of a subscription this browser already has. */
  subscribedTo?: string;
  /** false: the app's service worker is not registered (yet). */
  registered?: boolean;
};

/** The subscription the fake push service hands out; its JSON is what the page must post. */
export function subscriptionJsonOf(endpoint: string): PushSubscriptionJSON {
  return { endpoint, expirationTime: null, keys: { p256dh: "BP256dh-key", auth: "auth-secret" } };
}

/**
 * A browser that can push, its push service answering `subscribe` with a new endpoint each time.
 * The returned state says what the page asked of it and which subscription it holds.
 */
export function stubPushBrowser({
  permission = "granted",
  subscribedTo,
  registered = true,
}: Options = {}) {
  const state = {
    permissionRequests: 0,
    subscribeOptions: [] as PushSubscriptionOptionsInit[],
    subscription: null as { endpoint: string } | null,
  };
  let issued = 0;
  const subscriptionAt = (endpoint: string) => {
    const subscription = {
      endpoint,
      toJSON: () => subscriptionJsonOf(endpoint),
      unsubscribe: async () => {
        if (state.subscription === subscription) state.subscription = null;
        return true;
      },
    };
    state.subscription = subscription;
    return subscription;
  };
  if (subscribedTo) subscriptionAt(subscribedTo);
  const registration = {
    pushManager: {
      getSubscription: async () => state.subscription,
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        state.subscribeOptions.push(options);
        issued += 1;
        return subscriptionAt(`https://push.example.test/device-${issued}`);
      },
    },
  };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      getRegistration: async () => (registered ? registration : undefined),
      // As a browser's: it waits for a registration that may never come.
      ready: registered ? Promise.resolve(registration) : new Promise(() => {}),
    },
  });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", {
    permission: "default",
    requestPermission: async () => {
      state.permissionRequests += 1;
      return permission;
    },
  });
  return state;
}
