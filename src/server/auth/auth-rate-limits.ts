import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { databaseRateStore } from "../limits/index.ts";
import { tooManyRequests } from "./auth-errors.ts";

/**
 * Per-IP limits on sign-in and sign-up (and the account routes' groups, accounts-rate-limits.ts),
 * counted in the database every instance shares (issue 28, item 8): N instances allow what one does.
 */
export async function registerAuthRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateStore(app.database.db),
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
    addHeaders: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
      "retry-after": true,
    },
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(context.ttl / 1000, "requests from your network"),
  });
}

export function signInLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.auth.signInPerIpPerMinute,
      timeWindow: 60_000,
      groupId: "sign-in",
    },
  };
}

export function signUpLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.auth.signUpPerIpPerHour,
      timeWindow: 60 * 60_000,
      groupId: "sign-up",
    },
  };
}
