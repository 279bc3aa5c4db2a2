import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountExportSchema } from "../../shared/accounts.ts";
import { listSessions, requireSignedIn } from "../auth/index.ts";
import { unauthorized } from "../http/app-error.ts";
import { exportNotifications } from "../notifications/index.ts";
import { exportPushDevices } from "../push/index.ts";
import { readAccountData } from "./export-repository.ts";
import { presentSession } from "./session-presenter.ts";

/** GET /api/me/export: the account's data as a JSON download (issue 15). */
export const exportRoute: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/me/export",
    { preHandler: requireSignedIn, schema: { response: { 200: accountExportSchema } } },
    async (request, reply) => {
      const viewer = request.signedIn;
      const userId = viewer.identity.id;
      const [data, sessions] = await Promise.all([
        readAccountData(db, userId),
        listSessions(db, userId),
      ]);
      if (!data) throw unauthorized();
      const name = data.profile?.username ?? "account";
      const notifications = await exportNotifications(db, userId, data.profile?.username ?? "");
      const devices = await exportPushDevices(db, userId);
      reply.header("Content-Disposition", `attachment; filename="your-local-talents-${name}.json"`);
      return {
        exportedAt: new Date().toISOString(),
        ...data,
        ...notifications,
        ...devices,
        // The sessions' ids are left out: they are handles for signing a session out, not data.
        sessions: sessions.map((row) => {
          const { id: _id, ...session } = presentSession(row, viewer.session.publicId);
          return session;
        }),
      };
    },
  );
};
