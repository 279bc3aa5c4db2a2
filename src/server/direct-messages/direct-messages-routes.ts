import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  conversationPageQuerySchema,
  conversationPageResponseSchema,
  conversationsResponseSchema,
  DIRECT_MESSAGES_PAGE,
  markReadBodySchema,
  sendDirectMessageBodySchema,
  sendDirectMessageResponseSchema,
  unreadResponseSchema,
} from "../../shared/direct-messages.ts";
import { storedUsername, usernameParamsSchema } from "../../shared/profiles.ts";
import { requireProfile, type ViewerWithProfile } from "../auth/index.ts";
import { maskProfanity, presentDirectMessage } from "../chat/index.ts";
import { badRequest, forbidden, notFound } from "../http/app-error.ts";
import { markRead, setStatus } from "./conversation-state-repository.ts";
import { presentConversation } from "./direct-messages-presenter.ts";
import {
  conversationPage,
  findConversation,
  findMember,
  listConversations,
  type Member,
} from "./direct-messages-repository.ts";
import { sendDirectMessage } from "./send-direct-message.ts";

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const noConversation = () => notFound("There is no conversation with this member yet.");

/**
 * Direct messages (issue 17): a conversation per pair of members, reached by the other member's
 * username (nothing to guess: no conversation ids in paths). Only its two members read it; every
 * message is delivered live to their sockets (chat/direct-message-notices.ts).
 */
export const directMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /** The signed-in member and the other one the path names: 403 for oneself, 404 unknown or hidden. */
  async function parties(
    request: FastifyRequest<{ Params: { username: string } }>,
  ): Promise<{ viewer: ViewerWithProfile; other: Member }> {
    const viewer = await requireProfile(request);
    const { username } = request.params;
    if (storedUsername(username) === viewer.profile.username) {
      throw forbidden("You can't message yourself.");
    }
    const other = await findMember(db, username);
    // A profile moderators hid does not exist for members (issue 16).
    if (!other || other.hidden) throw notFound(`There is no user named "${username}".`);
    return { viewer, other };
  }

  app.get(
    "/conversations",
    { schema: { response: { 200: conversationsResponseSchema, ...errors } } },
    async (request, reply) => {
      const { identity } = await requireProfile(request);
      reply.header("Cache-Control", "no-store");
      const rows = await listConversations(db, identity.id);
      return { conversations: rows.map(presentConversation) };
    },
  );

  app.get(
    "/conversations/unread",
    { schema: { response: { 200: unreadResponseSchema, ...errors } } },
    async (request, reply) => {
      const { identity } = await requireProfile(request);
      reply.header("Cache-Control", "no-store");
      const rows = await listConversations(db, identity.id);
      return { total: rows.reduce((sum, row) => sum + row.unread, 0) };
    },
  );

  app.get(
    "/conversations/with/:username",
    {
      schema: {
        params: usernameParamsSchema,
        querystring: conversationPageQuerySchema,
        response: { 200: conversationPageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { viewer, other } = await parties(request);
      reply.header("Cache-Control", "no-store");
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

  app.post(
    "/conversations/with/:username/messages",
    {
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
      const { viewer, other } = await parties(request);
      const { text, clientId } = request.body;
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
      });
      if (outcome.kind === "blocked") {
        throw forbidden("You blocked this member. Unblock them to send a message.");
      }
      reply.code(outcome.kind === "sent" ? 201 : 200);
      return { message: outcome.message };
    },
  );

  app.post(
    "/conversations/with/:username/read",
    {
      schema: {
        params: usernameParamsSchema,
        body: markReadBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { viewer, other } = await parties(request);
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
      { schema: { params: usernameParamsSchema, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const { viewer, other } = await parties(request);
        if (!(await setStatus(db, viewer.identity.id, other.userId, status))) {
          throw noConversation();
        }
        return reply.status(204).send(null);
      },
    );
  }
};
