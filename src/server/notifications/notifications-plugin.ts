import type { FastifyInstance } from "fastify";
import type { NotificationTopic } from "../../shared/notifications.ts";
import { eventBusOf } from "../events/index.ts";
import { sharedPlugin } from "../http/shared-plugin.ts";
import { buildFrame } from "../live/index.ts";
import { startRepeatingJob } from "../schedule/index.ts";
import { digestSender, startDigestJob } from "./digest-job.ts";
import { mailDueNotifications } from "./mail-due.ts";
import { handleNotificationEvents } from "./notification-handlers.ts";
import { sendPostReminders } from "./post-reminders.ts";
import { pruneReadNotifications } from "./prune.ts";
import { mailTopicsOf } from "./settings-repository.ts";
import { signingKey } from "./signing-keys.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Notifications' jobs (run on a schedule; tests run them after moving the clock). */
    notifications: {
      /** The key unsubscribe links are signed with. */
      signingKey: () => Promise<string>;
      /** Mails what is unread past the delay; how many mails it queued. */
      mailDue(): Promise<number>;
      /** Deletes entries read more than 90 days ago; how many. */
      prune(): Promise<number>;
      /** Sends the weekly digests and daily saved-search mails that are due; how many. */
      sendDigests(): Promise<number>;
      /** The key the links of "Still offering …?" mails are signed with. */
      postLinkKey: () => Promise<string>;
      /** Tells the authors of posts expiring within 3 days (issue 32); how many posts. */
      remindExpiringPosts(): Promise<number>;
    };
  }
}

const CHANGED_FRAME = buildFrame({ type: "notifications-changed" });
const MAIL_CHECK_MAX_MS = 30_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const POST_REMINDERS_EVERY_MS = 10 * 60_000;

/** Tells a member's open pages, on every instance, that their entries changed. */
async function startLivePeer(app: FastifyInstance) {
  const { sockets } = app.live;
  return eventBusOf(app.database).subscribe({
    types: ["notifications.changed"],
    on: (event) => sockets.toMembers([event.userId], CHANGED_FRAME),
    // Changes announced while the LISTEN connection was away are gone: every bell counts again.
    onResync: () => sockets.toMembers(sockets.memberIds(), CHANGED_FRAME),
  });
}

/** Notifications' jobs on this app's database, clock and settings. */
function notificationJobs(app: FastifyInstance): FastifyInstance["notifications"] {
  const { db } = app.database;
  const { config, clock } = app;
  const key = signingKey(db, "unsubscribe");
  const postLinkKey = signingKey(db, "post-links");
  const origin = () => config.publicOrigin ?? `http://localhost:${config.port}`;
  return {
    signingKey: key,
    async mailDue() {
      const secret = await key();
      return mailDueNotifications(db, {
        now: clock.now(),
        delaySeconds: config.notifications.mailDelaySeconds,
        dailyCap: config.notifications.mailDailyCap,
        origin: config.publicOrigin ?? `http://localhost:${config.port}`,
        unsubscribeToken: (userId: string, topic: NotificationTopic) =>
          unsubscribeToken(secret, userId, topic),
        mailTopicsOf,
      });
    },
    prune: () => pruneReadNotifications(db, clock.now()),
    sendDigests: digestSender(app, key),
    postLinkKey,
    async remindExpiringPosts() {
      const [secret, linkKey] = await Promise.all([key(), postLinkKey()]);
      return sendPostReminders(db, {
        now: clock.now(),
        origin: origin(),
        linkKey,
        unsubscribeToken: (userId: string, topic: NotificationTopic) =>
          unsubscribeToken(secret, userId, topic),
        mailTopicsOf,
      });
    },
  };
}

/**
 * What notifications own on the app (issue 30): the handlers that write entries in the
 * transactions of what they are about, the live peer that makes bells count again, and the jobs
 * (mail after the delay, pruning) that run on every instance, each entry handled once. Registered
 * after the live sockets, before the routes.
 */
export const notificationsPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const removeHandlers = handleNotificationEvents(eventBusOf(app.database));
  const unsubscribe = await startLivePeer(app);
  const jobs = notificationJobs(app);
  app.decorate("notifications", jobs);
  const mailEveryMs = Math.min(MAIL_CHECK_MAX_MS, app.config.notifications.mailDelaySeconds * 1000);
  const running = [
    startRepeatingJob({
      name: "notification-mail",
      everyMs: mailEveryMs,
      run: jobs.mailDue,
      log: app.log,
    }),
    startRepeatingJob({
      name: "notification-prune",
      everyMs: PRUNE_EVERY_MS,
      run: jobs.prune,
      log: app.log,
    }),
    startDigestJob(app),
    startRepeatingJob({
      name: "post-expiry-reminders",
      everyMs: POST_REMINDERS_EVERY_MS,
      run: jobs.remindExpiringPosts,
      log: app.log,
    }),
  ];
  app.addHook("onClose", async () => {
    removeHandlers();
    await Promise.all(running.map((job) => job.stop()));
    await unsubscribe();
  });
});
