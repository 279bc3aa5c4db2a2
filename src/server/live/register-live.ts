import type { FastifyInstance } from "fastify";
import { createAddressLimits } from "./address-limits.ts";
import { createLiveSockets } from "./live-sockets.ts";
import { answerBadHandshakes, liveUpgradeChecks } from "./live-upgrade.ts";

/** This instance's live sockets, as the app is decorated with them (`app.live`). */
export type Live = Awaited<ReturnType<typeof createLive>>;

declare module "fastify" {
  interface FastifyInstance {
    /** The live socket registry and the checks of its upgrade (src/server/live, decision 019). */
    live: Live;
  }
}

async function createLive(app: FastifyInstance) {
  const sockets = createLiveSockets({ database: app.database, blocks: app.blocks, log: app.log });
  await sockets.start();
  const upgrade = liveUpgradeChecks(
    createAddressLimits({
      db: app.database.db,
      socketsPerAddress: app.config.chat.socketsPerAddress,
      upgradesPerMinute: app.config.chat.upgradesPerAddressPerMinute,
    }),
  );
  return { sockets, upgrade };
}

/**
 * Decorates the app with its live sockets (`app.live`) before the features that publish into them
 * register: the chat room and direct messages today, notifications next. Runs after
 * @fastify/websocket is registered; the registry stops when the app closes, after its peers.
 */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const live = await createLive(app);
  app.decorate("live", live);
  app.decorateRequest("liveRefusal", null);
  answerBadHandshakes(app);
  app.addHook("onClose", () => live.sockets.stop());
  app.metrics.gauge(
    "ylt_live_sockets",
    "Open live sockets on this instance (the chat room and members' pages).",
    () => live.sockets.size,
  );
}
