import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import { ROW_ID_PATTERN } from "../../shared/constants.ts";
import {
  conversationPageQuerySchema,
  conversationPageResponseSchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  DIRECT_MESSAGES_PAGE,
  markReadBodySchema,
  sendDirectMessageBodySchema,
  sendDirectMessageResponseSchema,
  unreadResponseSchema,
} from "../../shared/direct-messages.ts";
import { storedUsername, usernameParamsSchema } from "../../shared/profiles.ts";
import { requireMember, type ViewerWithProfile } from "../auth/index.ts";
import { maskProfanity, presentDirectMessage } from "../chat/index.ts";
import type { Db } from "../db/database.ts";
import { badRequest, forbidden, notFound } from "../http/app-error.ts";
import { tooManyWrites } from "../limits/index.ts";
import { markRead, setStatus } from "./conversation-state-repository.ts";
import { presentConversation } from "./direct-messages-presenter.ts";
import {
  conversationPage,
  findConversation,
  findMember,
  listConversations,
  type Member,
  unreadTotal,
} from "./direct-messages-repository.ts";
import { sendDirectMessage } from "./send-direct-message.ts";

/**
 * The opaque `nextCursor` of the conversation list: the id of the last listed conversation's
 * latest message (message ids only grow, so they order the list as its times do).
 */
const encodeConversationCursor = (messageId: number) =>
  Buffer.from(`dm|${messageId}`, "utf8").toString("base64url");

/** The message id a cursor names, or null when it is not one this server made. */
function decodeConversationCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const [tag, id = ""] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  return tag === "dm" && ROW_ID_PATTERN.test(id) ? Number(id) : null;
}

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const noConversation = () => notFound("There is no conversation with this member yet.");

/**
 * The member (the route declares requireMember) and the other one the path names: 403 for oneself,
 * 404 unknown or hidden.
 */
async function parties(
  db: Db,
  request: FastifyRequest<{ Params: { username: string } }>,
): Promise<{ viewer: ViewerWithProfile; other: Member }> {
  const viewer = request.member;
  const { username } = request.params;
  if (storedUsername(username) === viewer.profile.username) {
    throw forbidden("You can't message yourself.");
  }
  const other = await findMember(db, username);
  // A profile moderators hid does not exist for members (issue 16).
  if (!other || other.hidden) throw notFound(`There is no user named "${username}".`);
  return { viewer, other };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A member's conversations, their unread total, and a page of one conversation. */
function readRoutes(app: App, db: Db): void {
  app.get(
    "/conversations",
    {
      preHandler: requireMember,
      schema: {
        querystring: conversationsQuerySchema,
        response: { 200: conversationsResponseSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = request.member;
      const { limit, cursor } = request.query;
      const before = cursor === undefined ? undefined : decodeConversationCursor(cursor);
      if (before === null) {
        throw badRequest("This list of conversations is out of date. Please reload it.", {
          cursor: "is not a valid cursor",
        });
      }
      // One row more than the page tells whether more exist.
      const rows = await listConversations(db, identity.id, { before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1)?.lastMessage;
      return {
        conversations: page.map(presentConversation),
        nextCursor: rows.length > limit && last ? encodeConversationCursor(Number(last.id)) : null,
      };
    },
  );

  app.get(
    "/conversations/unread",
    { preHandler: requireMember, schema: { response: { 200: unreadResponseSchema, ...errors } } },
    async (request) => {
      const { identity } = request.member;
      return { total: await unreadTotal(db, identity.id) };
    },
  );

  app.get(
    "/conversations/with/:username",
    {
      preHandler: requireMember,
      schema: {
        params: usernameParamsSchema,
        querystring: conversationPageQuerySchema,
        response: { 200: conversationPageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { viewer, other } = await parties(db, request);
      const conversation = await findConversation(db, viewer.identity.id, other.userId);
      if (!conversation) return { conversation: null, messages: [], next_before: null };
      const page = await conversationPage(db, {
        conversationId: conversation.conversationId,
        viewerId: viewer.identity.id,
        before: request.query.before,
        limit: DIRECT_MESSAGES_PAGE,
      });
      const messages = page.messages.map(presentDirectMessage);
      return {
        conversation: presentConversation(conversation),
        messages,
        next_before: page.more ? (messages[0]?.id ?? null) : null,
      };
    },
  );
}

/** Sending, marking read, accepting and declining. */
function writeRoutes(app: App, db: Db): void {
  app.post(
    "/conversations/with/:username/messages",
    {
      preHandler: requireMember,
      schema: {
        params: usernameParamsSchema,
        body: sendDirectMessageBodySchema,
        response: {
          200: sendDirectMessageResponseSchema,
          201: sendDirectMessageResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { viewer, other } = await parties(db, request);
      const { text, clientId, origin_post_id: originPostId } = request.body;
      if (text.includes("\u0000")) {
        // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the insert.
        const message = "A message must not contain NUL characters.";
        throw badRequest(message, { text: message });
      }
      const outcome = await sendDirectMessage(db, app.config.writeLimits, {
        senderId: viewer.identity.id,
        recipientId: other.userId,
        text: maskProfanity(text),
        clientId,
        originPostId,
      });
      if (outcome.kind === "blocked") {
        throw forbidden("You blocked this member. Unblock them to send a message.");
      }
      if (outcome.kind === "rate-limited") throw tooManyWrites(outcome.refusal);
      reply.code(outcome.kind === "sent" ? 201 : 200);
      return { message: outcome.message };
    },
  );

  app.post(
    "/conversations/with/:username/read",
    {
      preHandler: requireMember,
      schema: {
        params: usernameParamsSchema,
        body: markReadBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { viewer, other } = await parties(db, request);
      const found = await markRead(db, viewer.identity.id, other.userId, request.body.last_read_id);
      if (!found) throw noConversation();
      return reply.status(204).send(null);
    },
  );

  for (const [action, status] of [
    ["accept", "open"],
    ["decline", "declined"],
  ] as const) {
    app.post(
      `/conversations/with/:username/${action}`,
      {
        preHandler: requireMember,
        schema: { params: usernameParamsSchema, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        const { viewer, other } = await parties(db, request);
        if (!(await setStatus(db, viewer.identity.id, other.userId, status))) {
          throw noConversation();
        }
        return reply.status(204).send(null);
      },
    );
  }
}

/**
 * Direct messages (issue 17): a conversation per pair of members, reached by the other member's
 * username (nothing to guess: no conversation ids in paths). Only its two members read it; every
 * message is delivered live to their sockets (chat/direct-message-notices.ts).
 */
export const directMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  readRoutes(app, app.database.db);
  writeRoutes(app, app.database.db);
};
