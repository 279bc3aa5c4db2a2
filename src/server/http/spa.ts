import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { ApiErrorBody } from "../../shared/api-error.ts";
import { decodedPath, isApiRequest } from "./api-path.ts";
import { loadScreenHtml } from "./screen-preloads.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Longer paths are cut in the 404 message: an error answer never grows with its input. */
const MAX_PATH_IN_MESSAGE = 100;

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and
 * index.html for any other GET path so the client router can take it, with that screen's chunks
 * preloaded. Unknown /api paths (also percent-encoded ones) stay JSON 404s. Source maps only when
 * SERVE_SOURCE_MAPS allows (off in production).
 */
export async function registerSpa(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const { serveSourceMaps } = app.config;
  const indexPath = webDir ? path.join(webDir, "index.html") : undefined;
  const hasBuild = indexPath !== undefined && fs.existsSync(indexPath);
  const screenHtml = hasBuild && webDir ? loadScreenHtml(webDir) : undefined;
  if (hasBuild && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts); send those when accepted.
      preCompressed: true,
      ...(serveSourceMaps ? {} : { allowedPath: (pathname) => !pathname.endsWith(".map") }),
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDir, "assets") + path.sep);
        res.header("Cache-Control", hashed ? IMMUTABLE : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isFile = decodedPath(request.url).endsWith(".map");
    const isPage = !isApiRequest(request) && !isFile;
    if (isPage && (request.method === "GET" || request.method === "HEAD") && screenHtml) {
      const pathname = request.url.split("?")[0] ?? "/";
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(screenHtml(pathname));
    }
    const path = request.url.split("?", 1)[0] ?? "/";
    const shown =
      path.length > MAX_PATH_IN_MESSAGE ? `${path.slice(0, MAX_PATH_IN_MESSAGE)}…` : path;
    return reply.status(404).send({
      error: { code: "not-found", message: `No route for ${request.method} ${shown}.` },
    } satisfies ApiErrorBody);
  });
}
