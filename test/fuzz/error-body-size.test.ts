import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../src/server/auth/session-store.ts";
import { users } from "../../src/server/db/schema.ts";
import { createSignedInUser } from "../harness/factories.ts";
import { createTestApp, type TestApp } from "../harness/test-app.ts";
import { expectCleanAnswer } from "./expectations.ts";

/**
 * Response amplification (issue 13 item 4): a 64 KB body once answered a 6.5 MB validation error,
 * one message per array element. For every route of the OpenAPI document (and the hidden ones),
 * every field is sent as a 64 KB list, a list of long strings, a long string, thousands of keys
 * and deep nesting, by an anonymous caller and a member; the largest error body stays under 4 KB
 * and never echoes the input.
 */

const MAX_ERROR_BODY = 4 * 1024;
const BODY_LIMIT = 64 * 1024;
const MARK = "Zq";
const FALLBACK_FIELDS = ["skills", "interests", "title", "topic", "body", "bio", "email"];
const HIDDEN_ROUTES = [
  { method: "GET", path: "/api/chat" },
  { method: "GET", path: "/api/avatars/{file}" },
  { method: "GET", path: "/api/photos/{id}/{file}" },
  { method: "GET", path: "/api/docs" },
];

type Operation = { method: string; path: string; fields: string[]; query: string[] };

/** A JSON text of just under 64 KB: `fill` repeated inside `[...]`. */
const bigList = (fill: string) =>
  `[${Array(Math.floor((BODY_LIMIT - 200) / (fill.length + 1)))
    .fill(fill)
    .join(",")}]`;

/** Hostile bodies for one operation, each as JSON text under the body limit. */
function hostileBodies(fields: string[]): string[] {
  const bodies: string[] = [];
  const values = [
    bigList("1"),
    bigList(`"${MARK}"`),
    bigList(`"${MARK}${"x".repeat(500)}"`),
    bigList("{}"),
    JSON.stringify(`${MARK}${"x".repeat(BODY_LIMIT - 300)}`),
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  ];
  for (const field of fields) {
    for (const value of values) bodies.push(`{${JSON.stringify(field)}:${value}}`);
  }
  const manyKeys = Array.from({ length: 4000 }, (_, i) => `"${MARK}${i}":[1]`).join(",");
  bodies.push(`{${manyKeys}}`);
  const shared = Math.floor((BODY_LIMIT - 500) / fields.length / 2);
  bodies.push(
    JSON.stringify(
      Object.fromEntries(
        fields.map((f) => [f, Array(Math.max(1, Math.floor(shared / 4))).fill(MARK)]),
      ),
    ),
  );
  return bodies;
}

let t: TestApp;
let operations: Operation[];
let member: string;
let noProfile: string;
beforeAll(async () => {
  t = await createTestApp();
  member = (await createSignedInUser(t.app, { username: "amplify" })).cookie;
  const [user] = await t.app.database.db
    .insert(users)
    .values({ email: null })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");
  noProfile = `ylt_session=${(await createSession(t.app.database.db, user.id)).token}`;
  const docs = (await t.app.inject({ url: "/api/docs" })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
        }
      >
    >;
  };
  operations = [
    ...Object.entries(docs.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        fields: Object.keys(op.requestBody?.content["application/json"]?.schema?.properties ?? {}),
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      })),
    ),
    ...HIDDEN_ROUTES.map((route) => ({ ...route, fields: [], query: [] })),
  ];
}, 60_000);
afterAll(() => t?.close());

type HostileRequest = { what: string; method: string; url: string; payload?: string };

/** One hostile request as a visitor, a member or an account without a profile (the cookie). */
function send({ method, url, payload }: HostileRequest, cookie: string | undefined) {
  const headers = { "content-type": "application/json", ...(cookie ? { cookie } : {}) };
  return t.app.inject({
    method: method as "POST",
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Hostile bodies (for writes), then a long and a repeated query parameter, for one operation. */
function* hostileRequests(op: Operation): Generator<HostileRequest> {
  const path = op.path.replace(/\{[^}]+\}/g, `${MARK}${"y".repeat(90)}`);
  const fields = op.fields.length > 0 ? op.fields : FALLBACK_FIELDS;
  if (op.method !== "GET") {
    for (const payload of hostileBodies(fields)) {
      yield {
        what: `${op.method} ${op.path} body ${payload.slice(0, 40)}`,
        method: op.method,
        url: path,
        payload,
      };
    }
  }
  for (const name of [...op.query, "x"]) {
    const long = `${name}=${MARK}${"q".repeat(8_000)}`;
    const repeated = Array(1_500).fill(`${name}=${MARK}`).join("&");
    for (const query of [long, repeated]) {
      yield {
        what: `${op.method} ${op.path} query ${query.slice(0, 40)}`,
        method: op.method,
        url: `${path}?${query}`,
      };
    }
  }
}

describe("error bodies under hostile input", () => {
  it(`stay under ${MAX_ERROR_BODY} bytes for every route, never echo input, never 5xx`, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(18);
    let largest = { size: 0, what: "" };
    const check = (what: string, answer: Parameters<typeof expectCleanAnswer>[0]) => {
      expectCleanAnswer(answer);
      if (answer.statusCode < 400) return;
      expect(answer.body, what).not.toContain(MARK);
      if (answer.body.length > largest.size) largest = { size: answer.body.length, what };
    };
    for (const op of operations) {
      for (const cookie of [undefined, member, noProfile]) {
        for (const request of hostileRequests(op)) {
          check(request.what, await send(request, cookie));
        }
      }
    }
    expect(largest.size, largest.what).toBeLessThan(MAX_ERROR_BODY);
  }, 120_000);

  it("an unknown path is not echoed at length", async () => {
    const res = await t.app.inject({ url: `/api/${MARK}${"p".repeat(8_000)}` });
    expect(res.statusCode).toBe(404);
    expect(res.body.length).toBeLessThan(MAX_ERROR_BODY);
  });
});
