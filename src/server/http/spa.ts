import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and
 * index.html for any other GET path so the client router can take it. Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const indexPath = webDir ? path.join(webDir, "index.html") : undefined;
  const hasBuild = indexPath !== undefined && fs.existsSync(indexPath);
  if (hasBuild && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDir, "assets") + path.sep);
        res.header("Cache-Control", hashed ? IMMUTABLE : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (!isApi && (request.method === "GET" || request.method === "HEAD") && hasBuild) {
      return reply.header("Cache-Control", "no-cache").type("text/html").sendFile("index.html");
    }
    return reply.status(404).send({
      error: {
        code: "not-found",
        message: `No route for ${request.method} ${request.url.split("?")[0]}.`,
      },
    });
  });
}
