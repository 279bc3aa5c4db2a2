import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { requireMember, requireModerator, requireSignedIn } from "./request-viewer.ts";
import { forgetViewer } from "./viewer.ts";

let testDb: TestDatabase;
let app: FastifyInstance;
let member: TestUser;
let newcomer: TestUser;

// The whole app with a few routes of this test's own, declared as features declare theirs.
beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }), webDir: undefined };
  app = await buildApp({ config, database: testDb.database, logger: false });
  app.get("/t/member", { preHandler: requireMember }, async (request) => ({
    username: request.member.profile.username,
  }));
  app.get("/t/signed-in", { preHandler: requireSignedIn }, async (request) => ({
    id: request.signedIn.identity.id,
  }));
  app.get("/t/moderator", { preValidation: requireModerator }, async (request) => ({
    id: request.member.identity.id,
  }));
  // Declared twice and read again: still one lookup.
  app.get(
    "/t/once",
    { preValidation: requireMember, preHandler: requireMember },
    async (request) => {
      const first = request.viewer;
      const same = first === request.viewer && (await first) === (await request.viewer);
      forgetViewer(request);
      return { same, again: first !== request.viewer };
    },
  );
  app.get("/t/undeclared", async (request) => ({ username: request.member.profile.username }));
  app.get("/t/anyone", async (request) => ({ signedIn: (await request.viewer) !== null }));
  await app.ready();
  [member, newcomer] = await Promise.all([
    createSignedInUser(app),
    createSignedInUser(app, { withProfile: false }),
  ]);
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const get = (url: string, cookie?: string) =>
  app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("request.viewer and the access hooks (decision 023)", () => {
  it("lets a member's route serve the member, typed with the profile", async () => {
    const res = await get("/t/member", member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: member.username });
  });

  it("answers 401 signed out and 403 profile-required without a profile, before the handler", async () => {
    const signedOut = await get("/t/member");
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe("not-signed-in");
    const withoutProfile = await get("/t/member", newcomer.cookie);
    expect(withoutProfile.statusCode).toBe(403);
    expect(withoutProfile.json().error.code).toBe("profile-required");
  });

  it("lets any signed-in account through requireSignedIn, profile or not", async () => {
    expect((await get("/t/signed-in", newcomer.cookie)).json()).toEqual({ id: newcomer.userId });
    expect((await get("/t/signed-in")).statusCode).toBe(401);
  });

  it("refuses a member who does not moderate with 403 forbidden", async () => {
    const res = await get("/t/moderator", member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("forbidden");
  });

  it("looks the viewer up once per request, and again only after forgetViewer", async () => {
    expect((await get("/t/once", member.cookie)).json()).toEqual({ same: true, again: true });
  });

  it("is a 500 (a bug, not a refusal) when a handler reads request.member undeclared", async () => {
    expect((await get("/t/undeclared", member.cookie)).statusCode).toBe(500);
  });

  it("gives a route open to anyone the viewer or null", async () => {
    expect((await get("/t/anyone")).json()).toEqual({ signedIn: false });
    expect((await get("/t/anyone", member.cookie)).json()).toEqual({ signedIn: true });
  });
});
