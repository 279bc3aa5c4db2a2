import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  type NotificationTopic,
  unsubscribeBodySchema,
  unsubscribeResponseSchema,
} from "../../shared/notifications.ts";
import { sqlStateOf } from "../db/sql-errors.ts";
import { badRequest } from "../http/app-error.ts";
import { write } from "../write/index.ts";
import { saveSettings } from "./settings-repository.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

export type SigningKey = () => Promise<string>;

const badLink = () =>
  badRequest(
    "This unsubscribe link is not valid. Open the link from the mail again, or choose which mail you get in Settings.",
    { token: "is not a valid unsubscribe link" },
  );

/** Sets mail about the token's topic on or off for its member; the topic, or 400 for a bad token. */
async function setMail(
  app: FastifyInstance,
  key: SigningKey,
  token: string,
  enabled: boolean,
): Promise<{ topic: NotificationTopic }> {
  const claims = readUnsubscribeToken(await key(), token);
  if (!claims) throw badLink();
  const { userId, topic } = claims;
  try {
    await write(app.database.db, (tx) =>
      saveSettings(tx, userId, [{ topic, channel: "mail", enabled }]),
    );
  } catch (error) {
    // An account deleted since: nothing to turn off, and nothing to say about it.
    if (!isMissingAccount(error)) throw error;
  }
  return { topic };
}

const isMissingAccount = (error: unknown) => sqlStateOf(error) === "23503";

const answers = { 200: unsubscribeResponseSchema, 400: apiErrorSchema };

/**
 * A mail's unsubscribe link, without signing in (issue 30): POST /api/notifications/unsubscribe
 * (the page at /unsubscribe calls it) turns the token's topic off, /resubscribe turns it on again.
 */
export function unsubscribeApiRoutes(key: SigningKey): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, enabled] of [
      ["/notifications/unsubscribe", false],
      ["/notifications/resubscribe", true],
    ] as const) {
      app.post(path, { schema: { body: unsubscribeBodySchema, response: answers } }, (request) =>
        setMail(app, key, request.body.token, enabled),
      );
    }
  };
}

/**
 * RFC 8058's one-click: mail clients POST `List-Unsubscribe=One-Click` as a form to the very link
 * in the List-Unsubscribe header (`/unsubscribe?token=`), with no cookie and no page. A GET of that
 * link is the web app's page.
 */
export function oneClickUnsubscribeRoute(key: SigningKey): FastifyPluginAsyncZod {
  return async (app) => {
    // Outside /api, so the API's cache policy does not reach it: no answer here is for keeping.
    app.addHook("onSend", async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
    });
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    app.post(
      "/unsubscribe",
      {
        schema: {
          querystring: z.object({ token: z.string().min(1).max(300) }),
          response: answers,
        },
      },
      (request) => setMail(app, key, request.query.token, false),
    );
  };
}
