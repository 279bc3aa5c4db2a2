import type { FastifyInstance, FastifySchema } from "fastify";
import type { z } from "zod";
import { authUserResponseSchema } from "../../shared/auth.ts";

/**
 * Per-IP limits of the account routes, like sign-in's (auth-rate-limits.ts registers the plugin):
 * each group counts apart, in the database every instance shares.
 */
/** Forgot-password requests per client address and minute (issue 15). */
export function forgotPasswordLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.auth.forgotPasswordPerIpPerMinute,
      timeWindow: 60_000,
      groupId: "forgot-password",
    },
  };
}

/** Routes that check a password or a link's token: as many tries as sign-in allows. */
export function secretCheckLimit(app: FastifyInstance, groupId: "password-check" | "link-check") {
  return {
    rateLimit: { max: app.config.auth.signInPerIpPerMinute, timeWindow: 60_000, groupId },
  };
}

/** The options of a route that takes the current password: its limit, and `schema`. */
export function passwordCheckOptions<Schema extends FastifySchema>(
  app: FastifyInstance,
  schema: Schema,
) {
  return { config: secretCheckLimit(app, "password-check"), schema };
}

/** The options of a route that follows a mailed link with `body`: its limit; it answers the account. */
export function followLinkOptions<Body extends z.ZodType>(app: FastifyInstance, body: Body) {
  return {
    config: secretCheckLimit(app, "link-check"),
    schema: { body, response: { 200: authUserResponseSchema } },
  };
}
