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
import { accountsRoutes, verifyAfterSignUp } from "./accounts/index.ts";
import { authRoutes, googleRoutes, requestViewerPlugin } from "./auth/index.ts";
import { avatarRoutes } from "./avatars/index.ts";
import { blocksPlugin, blocksRoutes } from "./blocks/index.ts";
import { chatRoutes } from "./chat/index.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { directMessagesRoutes } from "./direct-messages/index.ts";
import { linkPreviews, sitemapRoutes } from "./discovery/index.ts";
import { healthRoutes, metricsPlugin, readinessPlugin } from "./health/index.ts";
import { registerCachePolicy } from "./http/cache-policy.ts";
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
import { fastifyTrustProxy, trustedProxyPeer } from "./http/trusted-proxies.ts";
import { closeLiveSockets, registerLive } from "./live/index.ts";
import {
  devMailViewer,
  type MailSenderOptions,
  mailRoutes,
  registerMailSender,
  registerOutboxMetrics,
} from "./mail/index.ts";
import { registerDatabaseMetrics } from "./metrics/index.ts";
import {
  closeReportsOnRemoved,
  moderationPlugin,
  moderationRoutes,
  registerQueueMetrics,
  reportsRoutes,
} from "./moderation/index.ts";
import {
  notificationsPlugin,
  notificationsRoutes,
  oneClickUnsubscribeRoute,
} from "./notifications/index.ts";
import { pagesRoutes } from "./pages/index.ts";
import { photosRoutes } from "./photos/index.ts";
import { placesRoutes } from "./places/index.ts";
import { postsPlugin, postsRoutes } from "./posts/index.ts";
import { createProfileRoute, meRoute, profilesRoutes } from "./profiles/index.ts";
import { type PushSenderOptions, pushPlugin, pushRoutes } from "./push/index.ts";
import { reviewsRoutes } from "./reviews/index.ts";
import { type Clock, systemClock } from "./schedule/index.ts";
import { searchRoutes, townMapRoutes } from "./search/index.ts";
import { skillsRoutes } from "./skills/index.ts";
import { offsetClock, testClockRoutes } from "./test-clock/index.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
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
  /** Timings of the push sender (tests shorten the retry waits); defaults otherwise. */
  pushSender?: PushSenderOptions;
  /** What time it is for rules that wait (tests move a controllable one); the system's otherwise. */
  clock?: Clock;
};

/** Fastify's own settings: logging, body and time limits, proxies, framework errors. */
function fastifyOptions(config: Config, logger: boolean, logStream: AppOptions["logStream"]) {
  const limits = config.http;
  return {
    logger: logger
      ? {
          level: config.logLevel,
          stream: logStream ?? stdoutLogStream(),
          serializers: { req: serializeRequestForLog },
        }
      : false,
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
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
  };
}

/**
 * The app's clock: the one given (tests in-process), or with TEST_CLOCK (tests only, refused in
 * production) one the browser journeys move through the API, else the system's.
 */
function appClock(config: Config, given: Clock | undefined) {
  const movable = !given && config.testClock ? offsetClock() : null;
  return { clock: given ?? movable ?? systemClock, movable };
}

/** Builds the whole app from a config and an open database; tests call it in-process. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  mailSender,
  pushSender,
  clock: givenClock,
}: AppOptions): Promise<FastifyInstance> {
  const limits = config.http;
  const { clock, movable } = appClock(config, givenClock);
  const app = Fastify(
    fastifyOptions(config, logger, logStream),
  ).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("clock", clock);
  registerErrorHandler(app);
  await app.register(readinessPlugin);
  await app.register(metricsPlugin, config.metrics);
  registerDatabaseMetrics(app);
  registerProtocolChecks(app);
  registerHostCheck(app);
  registerGracefulClose(app);
  registerSecurityHeaders(app);
  registerCachePolicy(app);
  registerCsrfProtection(app);
  registerInputBounds(app);
  registerMailSender(app, mailSender);
  registerOutboxMetrics(app);
  registerQueueMetrics(app);
  const isTrustedProxy = trustedProxyPeer(config.trustProxy);
  if (isTrustedProxy) {
    capConnectionsPerAddress(app.server, limits.maxConnectionsPerAddress, isTrustedProxy);
  }
  await app.register(fastifyCookie);
  // Decorations every feature's routes use: request.viewer and the access hooks' admitted viewer.
  await app.register(requestViewerPlugin);
  // Features decorate the app with what they own before their routes use it.
  await app.register(blocksPlugin);
  await app.register(postsPlugin);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: CHAT_MAX_FRAME_BYTES },
    preClose: closeLiveSockets,
  });
  await registerLive(app);
  await app.register(notificationsPlugin);
  await app.register(moderationPlugin);
  await app.register(pushPlugin(pushSender));

  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: { info: { title: "Your Local Talents API", version: "1.0.0" } },
      transform: jsonSchemaTransform,
    });
  }

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
      await api.register(reviewsRoutes, { afterRemoved: closeReportsOnRemoved });
      await api.register(blocksRoutes);
      await api.register(directMessagesRoutes);
      await api.register(reportsRoutes);
      await api.register(moderationRoutes);
      await api.register(mailRoutes);
      await api.register(placesRoutes);
      await api.register(pagesRoutes);
      await api.register(searchRoutes);
      await api.register(townMapRoutes);
      await api.register(skillsRoutes);
      await api.register(notificationsRoutes);
      await api.register(pushRoutes);
      if (movable) await api.register(testClockRoutes(movable));
      if (config.apiDocs) api.get("/docs", { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: "/api" },
  );

  await app.register(oneClickUnsubscribeRoute(app.notifications.signingKey));
  await app.register(sitemapRoutes);
  await app.register(devMailViewer);
  await registerSpa(app, config.webDir, linkPreviews(app));
  return app;
}
