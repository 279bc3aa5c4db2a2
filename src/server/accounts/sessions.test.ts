import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountsTestApp, PASSWORD, sessionCookieOf } from "../../../test/harness/accounts.ts";
import { hashToken } from "../auth/index.ts";
import { sessions } from "../db/schema.ts";

const t = accountsTestApp("sessions");

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0";

const list = (cookie: string) => t.call({ url: "/api/me/sessions", cookie });

/** An account signed in twice: in Chrome on Linux (`chrome`) and Firefox on Windows (`firefox`). */
async function twoBrowsers() {
  const { email, userId } = await t.register();
  const chrome = sessionCookieOf(await t.signIn(email, PASSWORD, { "user-agent": CHROME_LINUX }));
  const firefox = sessionCookieOf(
    await t.signIn(email, PASSWORD, { "user-agent": FIREFOX_WINDOWS }),
  );
  return { email, userId, chrome, firefox };
}

const tokenHashOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf("=") + 1));

describe("GET /api/me/sessions", () => {
  it("lists the account's sessions with browser, times and this one marked, never a token", async () => {
    const { chrome } = await twoBrowsers();
    const res = await list(chrome);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { sessions: listed } = res.json();
    // The sign-up's session, with no User-Agent, and the two sign-ins.
    expect(listed).toHaveLength(3);
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(
        ["browser", "createdAt", "current", "id", "lastUsedAt"].sort(),
      );
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(session.lastUsedAt))).toBe(false);
    }
    expect(listed.map((s: { browser: string }) => s.browser).sort()).toEqual(
      ["Chrome on Linux", "Firefox on Windows", "Unknown browser"].sort(),
    );
    const current = listed.filter((s: { current: boolean }) => s.current);
    expect(current).toMatchObject([{ browser: "Chrome on Linux" }]);
    expect(res.body).not.toContain(tokenHashOf(chrome));
  });

  it("answers 401 when signed out", async () => {
    expect((await t.call({ url: "/api/me/sessions" })).statusCode).toBe(401);
  });

  it("notes the last use at most every 5 minutes, from the ordinary viewer lookup", async () => {
    const { chrome } = await twoBrowsers();
    const lastUsed = async () => {
      const [row] = await t.database.db
        .select({ lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHashOf(chrome)));
      return row?.lastUsedAt.getTime() ?? 0;
    };
    const setLastUsed = (minutesAgo: number) =>
      t.database.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - make_interval(mins => ${minutesAgo}::int)` })
        .where(eq(sessions.tokenHash, tokenHashOf(chrome)));

    await setLastUsed(2);
    const recent = await lastUsed();
    await t.me(chrome);
    expect(await lastUsed()).toBe(recent);

    await setLastUsed(6);
    await t.me(chrome);
    expect(Date.now() - (await lastUsed())).toBeLessThan(60_000);
  });
});

describe("DELETE /api/me/sessions/:id", () => {
  it("signs one of the account's other sessions out", async () => {
    const { chrome, firefox } = await twoBrowsers();
    const { sessions: listed } = (await list(chrome)).json();
    const target = listed.find((s: { browser: string }) => s.browser === "Firefox on Windows");
    const res = await t.call({
      method: "DELETE",
      url: `/api/me/sessions/${target.id}`,
      cookie: chrome,
    });
    expect(res.statusCode).toBe(204);
    expect((await t.me(firefox)).user).toBeNull();
    expect((await t.me(chrome)).user).not.toBeNull();
  });

  it("signing out this session ends it and clears its cookie", async () => {
    const { chrome } = await twoBrowsers();
    const { sessions: listed } = (await list(chrome)).json();
    const current = listed.find((s: { current: boolean }) => s.current);
    const res = await t.call({
      method: "DELETE",
      url: `/api/me/sessions/${current.id}`,
      cookie: chrome,
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === "ylt_session")?.value).toBe("");
    expect((await t.me(chrome)).user).toBeNull();
  });

  it("answers 404 for another account's session (and leaves it), an unknown or a malformed id", async () => {
    const mine = await twoBrowsers();
    const theirs = await twoBrowsers();
    const { sessions: listed } = (await list(theirs.chrome)).json();
    for (const id of [listed[0].id, randomUUID(), "not-a-uuid", "1"]) {
      const res = await t.call({
        method: "DELETE",
        url: `/api/me/sessions/${id}`,
        cookie: mine.chrome,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not-found");
    }
    expect((await list(theirs.chrome)).json().sessions).toHaveLength(3);
  });
});

describe("POST /api/me/sessions/revoke-others", () => {
  it("signs every other session out and keeps this one", async () => {
    const { chrome, firefox } = await twoBrowsers();
    const res = await t.call({
      method: "POST",
      url: "/api/me/sessions/revoke-others",
      cookie: firefox,
    });
    expect(res.statusCode).toBe(204);
    expect((await t.me(chrome)).user).toBeNull();
    const { sessions: left } = (await list(firefox)).json();
    expect(left).toMatchObject([{ browser: "Firefox on Windows", current: true }]);
  });

  it("answers 401 when signed out", async () => {
    const res = await t.call({ method: "POST", url: "/api/me/sessions/revoke-others" });
    expect(res.statusCode).toBe(401);
  });
});
