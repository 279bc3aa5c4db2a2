import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  notificationSettingsSchema,
  TOPIC_LABELS,
  updateNotificationSettingsSchema,
} from "../../shared/notifications.ts";
import { requireMember } from "../auth/index.ts";
import { badRequest } from "../http/app-error.ts";
import { write } from "../write/index.ts";
import { saveSettings, settingsOf, unavailableSetting } from "./settings-repository.ts";

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * A member's notification settings (/settings): which topics come by mail and by push (the weekly
 * digest is a mail only: a push choice for it is a 400).
 */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/notifications/settings",
    {
      preHandler: requireMember,
      schema: { response: { 200: notificationSettingsSchema, ...errors } },
    },
    async (request) => ({ settings: await settingsOf(db, request.member.identity.id) }),
  );

  app.put(
    "/notifications/settings",
    {
      preHandler: requireMember,
      schema: {
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.member.identity;
      const unavailable = unavailableSetting(request.body.settings);
      if (unavailable) {
        throw badRequest(
          `"${TOPIC_LABELS[unavailable.topic]}" has no ${unavailable.channel}: it is sent by mail only.`,
          { settings: `${unavailable.topic} has no ${unavailable.channel} channel` },
        );
      }
      await write(db, (tx) => saveSettings(tx, id, request.body.settings));
      return { settings: await settingsOf(db, id) };
    },
  );
};
