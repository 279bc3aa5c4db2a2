import { describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import {
  createModerator,
  insertPost,
  insertReview,
  moderationTestApp,
} from "../../../test/harness/moderators.ts";
import { PUBLIC_READS } from "./cache-policy.ts";

/**
 * Issue 28, item 12: every API answer is `no-store` but the public reads listed here, whatever the
 * route and whoever asks (signed out, a member, a moderator), errors included. The routes are
 * read from the app itself (its OpenAPI document, and the few routes it leaves out), so a route
 * added later is checked without being named.
 */

const t = moderationTestApp();

/** The public reads and the Cache-Control each keeps (none: no header). */
const PUBLIC_CACHING: Record<string, string | undefined> = {
  "GET /api/health": undefined,
  "GET /api/docs": undefined,
  "GET /api/auth/providers": undefined,
  "GET /api/auth/mail-status": undefined,
  "GET /api/articles": undefined,
  "GET /api/articles/:article_id": undefined,
  "GET /api/reviews": undefined,
  "GET /api/users/username/:username": "private, no-cache",
  "GET /api/avatars/:file": "public, max-age=86400",
  "GET /api/photos/:id/:file": undefined,
  "GET /api/places": "private, max-age=3600",
  "GET /api/places/:id": "public, max-age=86400",
  "GET /api/search/posts": undefined,
  "GET /api/search/people": undefined,
  "GET /api/search/towns": undefined,
};

/** Routes the OpenAPI document leaves out (`hide: true`, the chat's WebSocket). */
const UNDOCUMENTED = [
  "GET /api/docs",
  "GET /api/avatars/:file",
  "GET /api/photos/:id/:file",
  "GET /api/chat",
];

function everyRoute(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
    ),
  );
  return [...documented, ...UNDOCUMENTED];
}

/** Routes that end the viewer's session: walked last, so the others see a signed-in viewer. */
const ENDS_SESSION = [
  "POST /api/me/sessions/revoke-others",
  "DELETE /api/me/sessions/:id",
  "POST /api/auth/logout",
  "DELETE /api/me",
];

/** Private reads a moderator must get a 200 from, so the walk reads real private answers. */
const PRIVATE_READS = [
  "GET /api/me",
  "GET /api/me/sessions",
  "GET /api/me/export",
  "GET /api/blocks",
  "GET /api/conversations",
  "GET /api/moderation/queue",
  "GET /api/moderation/hidden",
  "GET /api/moderation/log",
];

/** Reads first, then writes, then what ends the session. */
const walkOrder = (route: string) =>
  ENDS_SESSION.includes(route) ? 2 + ENDS_SESSION.indexOf(route) : route.startsWith("GET ") ? 0 : 1;

/** A URL for the route pattern, with parameters that name real things where it matters. */
function urlOf(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "1");
}

/** `route` (e.g. "GET /api/users/:username") called with `values` in its path, as `viewer`. */
function call(route: string, values: Record<string, string>, viewer: TestUser | undefined) {
  const [method, pattern] = route.split(" ") as [string, string];
  return t.app.inject({
    method: method as "GET",
    url: urlOf(pattern, values),
    headers: viewer ? { cookie: viewer.cookie } : {},
    ...(method === "GET" ? {} : { payload: {} }),
  });
}

/** A public read keeps its caching when it answers 200 (and never says no-store); all else no-store. */
function expectCacheControl(
  route: string,
  label: string,
  res: { statusCode: number; headers: Record<string, unknown> },
) {
  const cacheControl = res.headers["cache-control"];
  if (!(route in PUBLIC_CACHING)) {
    expect.soft(cacheControl, label).toBe("no-store");
  } else if (res.statusCode === 200) {
    expect(cacheControl, label).toBe(PUBLIC_CACHING[route]);
  } else {
    expect(cacheControl ?? "", label).not.toMatch(/no-store/);
  }
}

describe("Cache-Control on every API answer (issue 28, item 12)", () => {
  it("lists only routes the app has, all of them reads", () => {
    const routes = new Set(everyRoute());
    expect([...PUBLIC_READS].sort()).toEqual(Object.keys(PUBLIC_CACHING).sort());
    for (const route of PUBLIC_READS) {
      expect(routes.has(route), route).toBe(true);
      expect(route.startsWith("GET "), route).toBe(true);
    }
  });

  it("is no-store everywhere else, for every kind of viewer; the public reads keep theirs", async () => {
    const moderator = await createModerator(t.app);
    const member = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const values = {
      username: other.username,
      article_id: String(await insertPost(t.database.db, other)),
      review_id: String(await insertReview(t.database.db, member, other)),
      file: `${other.username}.svg`,
      type: "post",
      action: "dismiss",
      id: "2653941",
    };
    const routes = everyRoute().sort((a, b) => walkOrder(a) - walkOrder(b));
    expect(routes.length).toBeGreaterThan(50);
    const moderatorStatus = new Map<string, number>();
    const viewers: [string, TestUser | undefined][] = [
      ["nobody", undefined],
      ["a member", member],
      ["a moderator", moderator],
    ];
    for (const [who, viewer] of viewers) {
      for (const route of routes) {
        const res = await call(route, values, viewer);
        if (viewer === moderator) moderatorStatus.set(route, res.statusCode);
        expectCacheControl(route, `${route} as ${who}: ${res.statusCode}`, res);
      }
    }
    for (const route of PRIVATE_READS) expect(moderatorStatus.get(route), route).toBe(200);
  });
});
