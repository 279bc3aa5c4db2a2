import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { CHAT_MAX_FRAME_BYTES } from "../shared/chat.ts";
import { accountsRoutes } from "./accounts/accounts-routes.ts";
import { verifyAfterSignUp } from "./accounts/verify-after-sign-up.ts";
import { authRoutes } from "./auth/auth-routes.ts";
import { googleRoutes } from "./auth/google/google-routes.ts";
import { avatarRoutes } from "./avatars/avatar-routes.ts";
import { blocksRoutes } from "./blocks/blocks-routes.ts";
import { chatRoutes } from "./chat/chat-routes.ts";
import { closeChatSockets } from "./chat/close-chat-sockets.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { directMessagesRoutes } from "./direct-messages/index.ts";
import { healthRoutes } from "./health/health-routes.ts";
import { capConnectionsPerAddress } from "./http/connection-cap.ts";
import { registerCsrfProtection } from "./http/csrf.ts";
import { registerErrorHandler } from "./http/error-handler.ts";
import {
  answerClientError,
  answerFrameworkError,
  registerProtocolChecks,
} from "./http/framework-errors.ts";
import { registerGracefulClose } from "./http/graceful-close.ts";
import { registerInputBounds } from "./http/input-bounds.ts";
import { type LogStream, stdoutLogStream } from "./http/log-stream.ts";
import { registerHostCheck } from "./http/own-origin.ts";
import { OneLinePerRequest, serializeRequestForLog } from "./http/request-log.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSpa } from "./http/spa.ts";
import { mailRoutes } from "./mail/mail-routes.ts";
import type { MailSenderOptions } from "./mail/mail-sender.ts";
import { registerMailSender } from "./mail/register-mail-sender.ts";
import { moderationRoutes, reportsRoutes } from "./moderation/index.ts";
import { photosRoutes } from "./photos/index.ts";
import { placesRoutes } from "./places/index.ts";
import { postsRoutes } from "./posts/posts-routes.ts";
import { createProfileRoute } from "./profiles/create-profile-route.ts";
import { meRoute } from "./profiles/me-route.ts";
import { profilesRoutes } from "./profiles/profiles-routes.ts";
import { reviewsRoutes } from "./reviews/reviews-routes.ts";
import { searchRoutes } from "./search/index.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go; standard output unless a test reads them. */
  logStream?: LogStream;
  /** Timings of the mail sender (tests shorten the retry waits); defaults otherwise. */
  mailSender?: MailSenderOptions;
};

/** Builds the whole app from a config and an open database; tests call it in-process. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  mailSender,
}: AppOptions): Promise<FastifyInstance> {
  const limits = config.http;
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          stream: logStream ?? stdoutLogStream(),
          serializers: { req: serializeRequestForLog },
        }
      : false,
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Slow clients: headers must arrive within the headers timeout, the whole request within the
    // request timeout (checked every second, so a slow-header connection ends soon after).
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    http: {
      requireHostHeader: false,
      headersTimeout: limits.headersTimeoutSeconds * 1000,
      connectionsCheckingInterval: 1000,
    },
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  registerErrorHandler(app);
  registerProtocolChecks(app);
  registerHostCheck(app);
  registerGracefulClose(app);
  registerSecurityHeaders(app);
  registerCsrfProtection(app);
  registerInputBounds(app);
  registerMailSender(app, mailSender);
  if (!config.trustProxy) capConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: CHAT_MAX_FRAME_BYTES },
    preClose: closeChatSockets,
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: "Your Local Talents API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(meRoute);
      await api.register(chatRoutes);
      await api.register(authRoutes, { afterSignUp: verifyAfterSignUp });
      await api.register(accountsRoutes);
      await api.register(googleRoutes);
      await api.register(createProfileRoute);
      await api.register(avatarRoutes);
      await api.register(postsRoutes);
      await api.register(profilesRoutes);
      await api.register(photosRoutes);
      await api.register(reviewsRoutes);
      await api.register(blocksRoutes);
      await api.register(directMessagesRoutes);
      await api.register(reportsRoutes);
      await api.register(moderationRoutes);
      await api.register(mailRoutes);
      await api.register(placesRoutes);
      await api.register(searchRoutes);
      api.get("/docs", { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: "/api" },
  );

  await registerSpa(app, config.webDir);
  return app;
}
