import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  MAX_PUSH_DEVICES,
  type PushSubscriptionBody,
  pushDeviceParamsSchema,
  pushDeviceSchema,
  pushDevicesSchema,
  pushKeySchema,
  pushSubscriptionSchema,
} from "../../shared/push.ts";
import { requireMember } from "../auth/index.ts";
import { type AppError, badRequest, conflict, notFound } from "../http/app-error.ts";
import { write, writeOrRefuse, writtenOrAnswer } from "../write/index.ts";
import { deviceLabel } from "./device-label.ts";
import { endpointRefusal } from "./endpoint-address.ts";
import { deleteDevice, listDevices, saveSubscription } from "./subscriptions-repository.ts";

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
const membersOnly = { preHandler: requireMember };

/** Whether `keys` are what a browser makes: a P-256 public key and a 16-byte auth secret. */
const browserKeys = ({ p256dh, auth }: PushSubscriptionBody["keys"]) => {
  const key = Buffer.from(p256dh, "base64url");
  return (
    /^[A-Za-z0-9_-]+=*$/.test(p256dh) &&
    /^[A-Za-z0-9_-]+=*$/.test(auth) &&
    key.length === 65 &&
    key[0] === 0x04 &&
    Buffer.from(auth, "base64url").length === 16
  );
};

const tooManyDevices = () =>
  conflict(
    "too-many-devices",
    `Push is on for ${MAX_PUSH_DEVICES} devices already, the most one member may have. Turn it off on one you no longer use, then try again.`,
  );

/**
 * A member's devices for Web Push (issue 31): the VAPID public key a browser subscribes with, the
 * list, subscribing one (https only, never into a private network) and removing one's own.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;

  app.get(
    "/push/key",
    { ...membersOnly, schema: { response: { 200: pushKeySchema, ...errors } } },
    async () => ({ publicKey: await app.push.publicKey() }),
  );

  app.get(
    "/push/subscriptions",
    { ...membersOnly, schema: { response: { 200: pushDevicesSchema, ...errors } } },
    async (request) => ({ devices: await listDevices(db, request.member.identity.id) }),
  );

  app.post(
    "/push/subscriptions",
    {
      preValidation: requireMember,
      schema: {
        body: pushSubscriptionSchema,
        response: {
          200: z.object({ device: pushDeviceSchema }),
          201: z.object({ device: pushDeviceSchema }),
          400: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const refusal = await endpointRefusal(endpoint, {
        allowPrivate: config.push.allowPrivateEndpoints,
      });
      if (refusal) throw badRequest(`${refusal.refused}.`, { endpoint: refusal.refused });
      if (!browserKeys(keys)) {
        throw badRequest("The subscription's keys are not a browser's push keys.", {
          keys: "must be a P-256 public key and a 16-byte auth secret",
        });
      }
      const userId = request.member.identity.id;
      const subscription = {
        userId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        label: deviceLabel(request.headers["user-agent"]),
      };
      const saved = writtenOrAnswer(
        await writeOrRefuse(db, (tx) => saveSubscription(tx, subscription, MAX_PUSH_DEVICES), {
          limits: config.writeLimits,
          userId,
          action: "edit",
        }),
        (reason): AppError =>
          reason === "too-many-devices" ? tooManyDevices() : badRequest(reason),
      );
      return reply.status(saved.created ? 201 : 200).send({ device: saved.device });
    },
  );

  app.delete(
    "/push/subscriptions/:id",
    {
      ...membersOnly,
      schema: {
        params: pushDeviceParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { identity } = request.member;
      const { value: deleted } = await write(db, (tx) =>
        deleteDevice(tx, identity.id, request.params.id),
      );
      if (!deleted) throw notFound("You have no device with push on under that id.");
      return reply.status(204).send(null);
    },
  );
};
