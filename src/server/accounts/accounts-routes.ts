import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerAuthRateLimits } from "../auth/index.ts";
import { deleteAccountRoute } from "./delete-account-route.ts";
import { exportRoute } from "./export-route.ts";
import { passwordResetRoutes } from "./password-reset-routes.ts";
import { sessionsRoutes } from "./sessions-routes.ts";
import { settingsRoutes } from "./settings-routes.ts";
import { verificationRoutes } from "./verification-routes.ts";

/** Accounts and email (issue 15): verification, password reset, settings, sessions, export, deletion. */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerAuthRateLimits(app);
  for (const routes of [
    verificationRoutes,
    passwordResetRoutes,
    settingsRoutes,
    sessionsRoutes,
    exportRoute,
    deleteAccountRoute,
  ]) {
    await app.register(routes);
  }
};
