import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError, notFound } from "../http/app-error.ts";
import { type AppMetrics, createAppMetrics } from "../metrics/index.ts";

/** Who may read /metrics: a bearer token on the app's port, and/or a port of its own on loopback. */
export type MetricsConfig = { token: string | undefined; port: number | undefined };

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * `app.metrics` (app-metrics.ts), every answer counted by its route's pattern, and `GET /metrics`
 * (Prometheus' text format): on the app's port only with METRICS_TOKEN as a bearer token, and on
 * 127.0.0.1:METRICS_PORT without one. Neither set: 404, so metrics are never public by accident.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, config: MetricsConfig) => {
  const metrics = createAppMetrics();
  app.decorate("metrics", metrics);

  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest(
      {
        method: request.method,
        // The pattern, never the path: one series per route, not per post or member.
        route: request.routeOptions.url ?? "unmatched",
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!config.token) throw notFound("No route for GET /metrics.");
    if (!hasToken(request, config.token)) {
      reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError(401, "metrics-token-required", "Metrics need the metrics token.");
    }
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).header("Cache-Control", "no-store").send(text);
  });

  if (config.port !== undefined) {
    const server = await listenForMetrics(metrics, config.port);
    app.addHook("onClose", () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
});

/** A server of its own on 127.0.0.1:`port` answering GET /metrics, for a scraper on this host. */
function listenForMetrics(metrics: AppMetrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => response.writeHead(200, { "Content-Type": contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
