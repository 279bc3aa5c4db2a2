import type { FastifyInstance, FastifyRequest } from "fastify";
import { isApiRequest } from "./api-path.ts";

/**
 * Cache-Control of the API (issue 28, item 12), decided here for every route rather than in
 * handlers. An API answer is `no-store` — no browser or proxy keeps it — unless its route is one
 * of the public reads below: moderation (private messages, reporters' notes), the account, its
 * sessions and export, direct messages, blocks, /api/me, sign-in and every write, and any route
 * added later, until it is listed here on purpose.
 *
 * The public reads set their own header or none: a profile is `private, no-cache` with
 * `Vary: Cookie` (the email depends on the viewer, profiles-routes.ts), avatars a day, photos
 * five minutes with an ETag, or `no-store` while their profile is hidden (photo-serving.ts,
 * decision 013), places an hour in the browser, a place by id a day anywhere. Feed, posts, reviews and search show the same public items to everyone, less what the
 * viewer blocked; they carry no header, as before.
 */
export const PUBLIC_READS: ReadonlySet<string> = new Set([
  "GET /api/health",
  "GET /api/docs",
  "GET /api/auth/providers",
  "GET /api/auth/mail-status",
  "GET /api/articles",
  "GET /api/articles/:article_id",
  "GET /api/reviews",
  "GET /api/users/username/:username",
  "GET /api/avatars/:file",
  "GET /api/photos/:id/:file",
  "GET /api/places",
  "GET /api/places/:id",
  "GET /api/search/posts",
  "GET /api/search/people",
  "GET /api/search/towns",
]);

/** "GET /api/articles/:article_id": the route a request matched (HEAD as GET), or null. */
export function routeKey(request: FastifyRequest): string | null {
  const { url } = request.routeOptions;
  if (!url) return null;
  return `${request.method === "HEAD" ? "GET" : request.method} ${url}`;
}

export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    if (!isApiRequest(request)) return;
    const key = routeKey(request);
    if (key && PUBLIC_READS.has(key)) return;
    reply.header("Cache-Control", "no-store");
  });
}
