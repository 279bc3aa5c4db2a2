import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiErrorBody } from "../../shared/api-error.ts";
import { decodedPath, isApiRequest } from "./api-path.ts";
import { loadScreenHtml } from "./screen-preloads.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Longer paths are cut in the 404 message: an error answer never grows with its input. */
const MAX_PATH_IN_MESSAGE = 100;

/**
 * The head tags of the page at `pathname` (title, description, link previews), which replace
 * index.html's own title and description; the discovery feature makes them (issue 33).
 */
export type PageHeadTags = (request: FastifyRequest, pathname: string) => Promise<string>;

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;

/** `html` with its title and description replaced by `tags` (in the title's place). */
function withHeadTags(html: string, tags: string): string {
  return html.replace(DESCRIPTION, "").replace(TITLE, () => tags);
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and
 * index.html for any other GET path so the client router can take it, with that screen's chunks
 * preloaded. Unknown /api paths (also percent-encoded ones) stay JSON 404s. Source maps only when
 * SERVE_SOURCE_MAPS allows (off in production).
 */
export async function registerSpa(
  app: FastifyInstance,
  webDir: string | undefined,
  pageHeadTags?: PageHeadTags,
): Promise<void> {
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

  app.setNotFoundHandler(async (request, reply) => {
    const isFile = decodedPath(request.url).endsWith(".map");
    const isPage = !isApiRequest(request) && !isFile;
    if (isPage && (request.method === "GET" || request.method === "HEAD") && screenHtml) {
      const pathname = request.url.split("?")[0] ?? "/";
      const html = screenHtml(pathname);
      const tags = pageHeadTags ? await pageHeadTags(request, pathname) : undefined;
      return reply
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(tags ? withHeadTags(html, tags) : html);
    }
    const path = request.url.split("?", 1)[0] ?? "/";
    const shown =
      path.length > MAX_PATH_IN_MESSAGE ? `${path.slice(0, MAX_PATH_IN_MESSAGE)}…` : path;
    return reply.status(404).send({
      error: { code: "not-found", message: `No route for ${request.method} ${shown}.` },
    } satisfies ApiErrorBody);
  });
}
