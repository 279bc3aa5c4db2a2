import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  NOTIFICATIONS_PAGE,
  notificationIdParamsSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  notificationsUnreadSchema,
} from "../../shared/notifications.ts";
import { requireMember } from "../auth/index.ts";
import { decodeCursor, encodeCursor } from "../db/position-cursor.ts";
import { badRequest } from "../http/app-error.ts";
import { write } from "../write/index.ts";
import { presentNotification } from "./notifications-presenter.ts";
import {
  listNotifications,
  markNotificationsRead,
  unreadCount,
} from "./notifications-repository.ts";
import { postLinkRoutes } from "./post-link-routes.ts";
import { savedSearchesRoutes } from "./saved-searches-routes.ts";
import { notificationSettingsRoutes } from "./settings-routes.ts";
import { unsubscribeApiRoutes } from "./unsubscribe-routes.ts";

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The member's notification centre (issue 30): a page of entries, newest first; the bell's count;
 * one entry or all of them marked read (both answer the count after). Entries whose actor the
 * member blocked since are left out of both.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(notificationSettingsRoutes);
  await app.register(savedSearchesRoutes);
  await app.register(unsubscribeApiRoutes(app.notifications.signingKey));
  await app.register(postLinkRoutes(app.notifications.postLinkKey));
  const unreadOf = async (userId: string) => unreadCount(db, userId, await app.blocks.of(userId));

  app.get(
    "/notifications",
    {
      preHandler: requireMember,
      schema: {
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { identity, profile } = request.member;
      const { cursor } = request.query;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && !after) {
        throw badRequest("This list of notifications is out of date. Please reload it.", {
          cursor: "is not a valid cursor",
        });
      }
      const blocked = await app.blocks.of(identity.id);
      // One row more than the page tells whether more exist.
      const rows = await listNotifications(db, identity.id, {
        blocked,
        after,
        limit: NOTIFICATIONS_PAGE + 1,
      });
      const page = rows.slice(0, NOTIFICATIONS_PAGE);
      const last = page.at(-1);
      return {
        notifications: page.map((row) => presentNotification(row, profile.username)),
        nextCursor:
          rows.length > NOTIFICATIONS_PAGE && last
            ? encodeCursor({ createdAt: last.updatedAt, id: Number(last.id) })
            : null,
      };
    },
  );

  app.get(
    "/notifications/unread",
    {
      preHandler: requireMember,
      schema: { response: { 200: notificationsUnreadSchema, ...errors } },
    },
    async (request) => ({ unread: await unreadOf(request.member.identity.id) }),
  );

  app.post(
    "/notifications/:id/read",
    {
      preHandler: requireMember,
      schema: {
        params: notificationIdParamsSchema,
        response: { 200: notificationsUnreadSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = request.member;
      // Someone else's entry, or one already read: nothing changes, the answer is the same.
      await write(db, (tx) => markNotificationsRead(tx, identity.id, { id: request.params.id }));
      return { unread: await unreadOf(identity.id) };
    },
  );

  app.post(
    "/notifications/read-all",
    {
      preHandler: requireMember,
      schema: { response: { 200: notificationsUnreadSchema, ...errors } },
    },
    async (request) => {
      const { identity } = request.member;
      await write(db, (tx) => markNotificationsRead(tx, identity.id, "all"));
      return { unread: await unreadOf(identity.id) };
    },
  );
};
