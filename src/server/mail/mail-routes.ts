import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mailAvailable } from "./mail-transport.ts";

const mailStatusSchema = z.object({ available: z.boolean() });

/** GET /api/auth/mail-status: whether pages that send mail can offer it (false: production without SMTP_URL). */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/auth/mail-status", { schema: { response: { 200: mailStatusSchema } } }, async () => ({
    available: mailAvailable(app.config),
  }));
};
