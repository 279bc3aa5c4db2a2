import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../harness/factories.ts";
import { createTestApp, type TestApp } from "../harness/test-app.ts";
import { FUZZ_RUNS, fuzzParameters, fuzzTimeout, jsonText, nastyString } from "./adversarial.ts";
import { expectCleanAnswer, fingerprint } from "./expectations.ts";
import { sendRaw } from "./raw-http.ts";

/**
 * What `app.inject` cannot send: malformed HTTP on a real socket. Bytes not allowed in request
 * lines and headers, conflicting or broken framing (two Content-Lengths, Content-Length with
 * Transfer-Encoding, bad chunks), odd versions and methods. Node's parser or Fastify refuses them;
 * the answer must still be a 4xx in the error shape, never a 5xx, a hang or a crash. And the body
 * limit: 64 KB is read, one byte more is 413 in the error shape.
 */

const BODY_LIMIT = 64 * 1024;

let t: TestApp;
let port: number;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
  member = await createSignedInUser(t.app, { username: "limits" });
});
afterAll(() => t?.close());

const latin1 = (s: string) => Buffer.from(s, "latin1");
const CONTROL = ["\x00", "\x7f", "\x01", "\r", "\n", "\xff", "\x80", "\t", " "];

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("get", "FOO", "G\x00T", "TRACE", "PROPFIND", "", "POST "),
  },
);

const target = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(
            "api",
            "users",
            "articles",
            "1",
            "alice",
            "username",
            "reviews",
            "me",
            "health",
          ),
          fc.constantFrom(...CONTROL, "%ff", "%00", "é", "#", "?", "..", "", "\\"),
          nastyString.map((s) => Buffer.from(s, "utf8").toString("latin1")),
        ),
        { maxLength: 4 },
      )
      .map((segments) => `/api/${segments.join("/")}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("*", "http://evil.example/api/me", "api/me", "//api//me", ""),
  },
);

const version = fc.oneof(
  { weight: 8, arbitrary: fc.constant("HTTP/1.1") },
  {
    weight: 1,
    arbitrary: fc.constantFrom("HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "HTTPS/1.1", "http/1.1", ""),
  },
);

const headerName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "content-type",
      "cookie",
      "origin",
      "accept",
      "x-forwarded-for",
      "expect",
      "upgrade",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom("bad header", "x\x00y", "é", "", ":authority", "x\ry") },
);
const headerValue = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL).map((c) => `a${c}b`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("x\r\n folded", "100-continue", "websocket", "application/json"),
  },
  { weight: 1, arbitrary: fc.constant("x".repeat(20_000)) },
);

type Framing = { headers: string[]; body: string };
const body = fc.oneof(
  jsonText(["title", "email", "bio"]),
  nastyString.map((s) => JSON.stringify({ title: s })),
);
const framing: fc.Arbitrary<Framing> = fc.oneof(
  fc.constant<Framing>({ headers: [], body: "" }),
  body.map((b) => ({ headers: [`Content-Length: ${Buffer.byteLength(b)}`], body: b })),
  body.map((b) => ({
    headers: [
      `Content-Length: ${Buffer.byteLength(b)}`,
      `Content-Length: ${Buffer.byteLength(b) + 1}`,
    ],
    body: `${b}x`,
  })),
  body.map((b) => ({
    headers: [`Content-Length: ${Buffer.byteLength(b)}`, "Transfer-Encoding: chunked"],
    body: `${Buffer.byteLength(b).toString(16)}\r\n${b}\r\n0\r\n\r\n`,
  })),
  fc
    .tuple(
      body,
      fc.constantFrom("chunked", "gzip, chunked", "chunked, identity", "xchunked", "CHUNKED"),
    )
    .map(([b, te]) => ({
      headers: [`Transfer-Encoding: ${te}`],
      body: `${Buffer.byteLength(b).toString(16)}\r\n${b}\r\n0\r\n\r\n`,
    })),
  fc
    .tuple(body, fc.constantFrom("zz", "-1", "ffffffffffffffff", "", "1;ext=\x00", " 5"))
    .map(([b, size]) => ({
      headers: ["Transfer-Encoding: chunked"],
      body: `${size}\r\n${b}\r\n0\r\n\r\n`,
    })),
  fc.constantFrom("abc", "-5", "1e3", " 0", "0x10", "").map((length) => ({
    headers: [`Content-Length: ${length}`],
    body: "",
  })),
);

const host = fc.oneof(
  { weight: 6, arbitrary: fc.constant("own") },
  { weight: 1, arbitrary: fc.constantFrom("none", "twice", "evil.example", "", "[::1", "a b") },
);

/** The Host lines for a case: ours, ours then another, none, or the one given. */
function hostLines(h: string, own: string): string[] {
  if (h === "own") return [`Host: ${own}`];
  if (h === "twice") return [`Host: ${own}`, "Host: other.example"];
  if (h === "none") return [];
  return [`Host: ${h}`];
}

describe("malformed HTTP on the wire", () => {
  it(
    `${FUZZ_RUNS} raw requests: a 4xx in the error shape (or an answer), never a 5xx or a hang`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          method,
          target,
          version,
          host,
          fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
          framing,
          async (m, path, v, h, extra, frame) => {
            const lines = [`${m} ${path} ${v}`];
            lines.push(...hostLines(h, `127.0.0.1:${port}`));
            for (const [name, value] of extra) lines.push(`${name}: ${value}`);
            lines.push(...frame.headers, "Connection: close");
            const answer = await sendRaw(
              port,
              latin1(`${lines.join("\r\n")}\r\n\r\n${frame.body}`),
            );
            expect(answer, "the server closed without answering").not.toBeNull();
            if (!answer) return;
            expectCleanAnswer(answer);
          },
        ),
        fuzzParameters,
      );
      // And the server is still there.
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    },
    fuzzTimeout(),
  );

  it.each([
    {
      case: "answers a request whose headers exceed Node's limit with 431 in the error shape",
      request: `GET /api/me HTTP/1.1\r\nHost: localhost\r\nCookie: ${"a".repeat(20_000)}\r\n\r\n`,
      status: 431,
      error: { code: "headers-too-large", message: "The request headers are too large." },
    },
    {
      case: "refuses Content-Length together with Transfer-Encoding (request smuggling) in the error shape",
      request:
        "POST /api/articles HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api/me HTTP/1.1\r\nHost: localhost\r\n\r\n",
      status: 400,
      error: { code: "bad-request", message: "The request is not valid HTTP." },
    },
    {
      case: "answers a path with a broken percent-escape in the error shape",
      request: "GET /api/users/username/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\n\r\n",
      status: 400,
      error: { code: "bad-url", message: "This address is not valid." },
    },
  ])("$case", async ({ request, status, error }) => {
    const answer = await sendRaw(port, latin1(request));
    expect(answer?.statusCode).toBe(status);
    expect(JSON.parse(answer?.body ?? "")).toEqual({ error });
  });
});

/** A JSON body of exactly `bytes` bytes: a post whose body text pads it out. */
function postOfSize(bytes: number): string {
  const empty = JSON.stringify({ title: "Big", topic: "Limits", body: "" });
  return JSON.stringify({ title: "Big", topic: "Limits", body: "x".repeat(bytes - empty.length) });
}

describe("request body limit", () => {
  it("reads a body of exactly 64 KB (and refuses it on its merits: the post is too long)", async () => {
    const payload = postOfSize(BODY_LIMIT);
    expect(Buffer.byteLength(payload)).toBe(BODY_LIMIT);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.body).toBe("Body must be at most 5000 characters.");
  });

  it("answers one byte more with 413 in the error shape, and writes nothing", async () => {
    const before = await fingerprint(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      payload: postOfSize(BODY_LIMIT + 1),
    });
    expect(res.statusCode).toBe(413);
    expectCleanAnswer(res);
    expect(res.json()).toEqual({
      error: { code: "payload-too-large", message: "Request body is too large" },
    });
    expect(await fingerprint(t.database.db)).toEqual(before);
  });

  it("refuses on the wire too: a Content-Length over the limit, or a chunked body that grows past it", async () => {
    const big = postOfSize(BODY_LIMIT + 10);
    const declared = await sendRaw(
      port,
      Buffer.from(
        `POST /api/articles HTTP/1.1\r\nHost: localhost\r\nCookie: ${member.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: close\r\n\r\n${big}`,
      ),
    );
    expect(declared?.statusCode).toBe(413);
    expectCleanAnswer(declared ?? { statusCode: 0, headers: {}, body: "" });

    const chunks = [big.slice(0, 40_000), big.slice(40_000)]
      .map((part) => `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`)
      .join("");
    const chunked = await sendRaw(
      port,
      Buffer.from(
        `POST /api/articles HTTP/1.1\r\nHost: localhost\r\nCookie: ${member.cookie}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunks}0\r\n\r\n`,
      ),
    );
    expect(chunked?.statusCode).toBe(413);
    expectCleanAnswer(chunked ?? { statusCode: 0, headers: {}, body: "" });
  });
});
