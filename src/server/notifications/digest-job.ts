import type { FastifyInstance } from "fastify";
import type { NotificationTopic } from "../../shared/notifications.ts";
import { startRepeatingJob } from "../schedule/index.ts";
import { sendDigests } from "./digest.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

const DIGEST_CHECK_EVERY_MS = 60 * 60_000;

/** The periodic mails on this app's database and clock (tests call it after moving the clock). */
export function digestSender(app: FastifyInstance, signingKey: () => Promise<string>) {
  const { config, clock } = app;
  return async () => {
    const secret = await signingKey();
    return sendDigests(app.database.db, {
      now: clock.now(),
      origin: config.publicOrigin ?? `http://localhost:${config.port}`,
      unsubscribeToken: (userId: string, topic: NotificationTopic) =>
        unsubscribeToken(secret, userId, topic),
    });
  };
}

/** Looks for members due a digest or a daily mail every hour, on every instance. */
export function startDigestJob(app: FastifyInstance) {
  return startRepeatingJob({
    name: "notification-digest",
    everyMs: DIGEST_CHECK_EVERY_MS,
    run: () => app.notifications.sendDigests(),
    log: app.log,
  });
}
