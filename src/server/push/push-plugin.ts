import type { FastifyInstance } from "fastify";
import { eventBusOf } from "../events/index.ts";
import { sharedPlugin } from "../http/shared-plugin.ts";
import { registerPushMetrics } from "./push-metrics.ts";
import { createPushSender, type PushSenderOptions } from "./push-sender.ts";
import { handlePushQueueing } from "./queue-pushes.ts";
import { vapidKeys } from "./vapid-keys.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Web Push (issue 31): the key browsers subscribe with, and the sender (tests run it). */
    push: {
      /** The VAPID public key (base64url): the browser's `applicationServerKey`. */
      publicKey(): Promise<string>;
      /** Sends every due push now; how many it tried. */
      sendDue(): Promise<number>;
    };
  }
}

/**
 * What push owns on the app: the handler that queues a push with each new or grown entry, in its
 * transaction, and the sender that delivers them from every instance, each once. The VAPID key
 * pair is made (or read) as the app starts. Registered after notifications, before the routes.
 */
export const pushPlugin = (options: PushSenderOptions = {}) =>
  sharedPlugin(async (app: FastifyInstance) => {
    const { config, clock, log } = app;
    const keys = vapidKeys(app.database.db, config.push.vapidKeys);
    const removeHandler = handlePushQueueing(eventBusOf(app.database), clock);
    const sender = createPushSender({
      database: app.database,
      clock,
      log,
      keys,
      subject: config.push.subject,
      allowPrivate: config.push.allowPrivateEndpoints,
      blockedOf: (userId) => app.blocks.of(userId),
      options,
    });
    registerPushMetrics(app);
    app.decorate("push", {
      publicKey: async () => (await keys()).publicKey,
      sendDue: sender.sendDue,
    });
    app.addHook("onReady", async () => {
      await keys().catch((error: unknown) =>
        log.warn({ err: error }, "push: the VAPID keys are not there yet, trying again on use"),
      );
      await sender.start();
    });
    app.addHook("onClose", async () => {
      removeHandler();
      await sender.stop();
    });
  });
