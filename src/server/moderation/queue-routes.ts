import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  hiddenResponseSchema,
  queueCountResponseSchema,
  queueResponseSchema,
} from "../../shared/moderation.ts";
import { hiddenItems } from "./moderated-items.ts";
import { presentItem } from "./moderation-presenter.ts";
import { QUEUE_LIMIT, readQueue } from "./queue.ts";
import { countOpenItems } from "./queue-repository.ts";

/** What waits for moderators: the queue, its count (the top bar), and what is hidden now. */
export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/moderation/queue",
    { schema: { response: { 200: queueResponseSchema } } },
    async () => ({
      items: await readQueue(db),
    }),
  );

  app.get(
    "/moderation/count",
    { schema: { response: { 200: queueCountResponseSchema } } },
    async () => ({ open: await countOpenItems(db) }),
  );

  app.get(
    "/moderation/hidden",
    { schema: { response: { 200: hiddenResponseSchema } } },
    async () => ({ items: (await hiddenItems(db, QUEUE_LIMIT)).map(presentItem) }),
  );
};
