import { asc, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, expect } from "vitest";
import type { Config } from "../../src/server/config.ts";
import type { Db } from "../../src/server/db/database.ts";
import { mailOutbox, messages, sessions } from "../../src/server/db/schema.ts";
import { expectErrorAnswer } from "./error-answer.ts";
import { createSignedInUser, type TestUser } from "./factories.ts";
import { type TestApp, testAppClosedAfterAll } from "./test-app.ts";

/**
 * The account API as a test calls it (issue 15): requests from addresses of their own (so the
 * per-IP limits stay out of the way unless a test aims at them), the session cookie a response set,
 * and the mails the outbox holds with their one-time links.
 */

export const PASSWORD = "Kettle-Mango-42";
/** The password a test changes to or resets to. */
export const NEW_PASSWORD = "Walnut-Harbor-77";

let addressCounter = 0;
/** A client address no other request of this process used. */
export const nextAddress = () =>
  `10.${(process.pid >> 8) % 250}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter++ % 250) + 1}`;

let emailCounter = 0;
export const uniqueEmail = (prefix = "acct") =>
  `${prefix}-${Date.now().toString(36)}-${emailCounter++}@example.test`;

export type Call = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  payload?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

function call(t: Pick<TestApp, "app">, request: Call): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: request.method ?? "GET",
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    headers: { ...request.headers, ...(request.cookie ? { cookie: request.cookie } : {}) },
    remoteAddress: request.remoteAddress ?? nextAddress(),
  });
}

/** The `cookie` header value for the session a response set. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === "ylt_session");
  if (!cookie?.value) throw new Error(`no session cookie set (status ${res.statusCode})`);
  return `ylt_session=${cookie.value}`;
}

/** Registers with email and password; the account, its session cookie and its id. */
async function register(
  t: Pick<TestApp, "app">,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<{ email: string; userId: string; cookie: string }> {
  const res = await call(t, {
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { email, userId: res.json().user.id, cookie: sessionCookieOf(res) };
}

/** A fresh account (`register`) and the token of the verification link its sign-up mailed. */
async function registerWithVerifyLink(t: Pick<TestApp, "app" | "database">) {
  const account = await register(t);
  return { ...account, token: await latestToken(t.database.db, account.email, "/verify-email") };
}

async function signIn(
  t: Pick<TestApp, "app">,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return call(t, { method: "POST", url: "/api/auth/login", payload: { email, password }, headers });
}

export type OutboxMail = { to: string; subject: string; text: string; html: string };

/** The mails queued for `address`, oldest first. */
async function mailsTo(db: Db, address: string): Promise<OutboxMail[]> {
  return db
    .select({
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      html: mailOutbox.htmlBody,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(asc(mailOutbox.id));
}

type LinkPage = "/verify-email" | "/reset-password";

const linkTo = (mail: OutboxMail, page: LinkPage) =>
  mail.text.match(/https?:\/\/\S+/g)?.find((link) => new URL(link).pathname === page);

/** The one-time link of a mail to `page` (verify-email or reset-password), and its token. */
export function linkIn(mail: OutboxMail | undefined, page: LinkPage): { url: URL; token: string } {
  if (!mail) throw new Error("no mail");
  const found = linkTo(mail, page);
  if (!found) throw new Error(`no ${page} link in:\n${mail.text}`);
  const url = new URL(found);
  const token = url.searchParams.get("token");
  if (!token) throw new Error(`no token in ${found}`);
  return { url, token };
}

/** The token of the newest mail to `address` with a link to `page`. */
async function latestToken(db: Db, address: string, page: LinkPage): Promise<string> {
  const mails = await mailsTo(db, address);
  return linkIn(
    mails.findLast((mail) => linkTo(mail, page) !== undefined),
    page,
  ).token;
}

/** Creates the profile `username` of the signed-in account `cookie`; the 201 answer. */
async function createProfile(
  t: Pick<TestApp, "app">,
  cookie: string,
  username: string,
): Promise<LightMyRequestResponse> {
  const res = await call(t, { method: "POST", url: "/api/users", cookie, payload: { username } });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

/** Makes every session of the account look signed in `minutes` ago. */
async function signedInMinutesAgo(db: Db, userId: string, minutes: number): Promise<void> {
  await db
    .update(sessions)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(eq(sessions.userId, userId));
}

/** An answer of `status` with error `code`, its message on `field` of the form. */
export function expectFieldError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  field: string,
): void {
  expect(res.statusCode).toBe(status);
  expect(res.json().error).toMatchObject({ code, fields: { [field]: expect.any(String) } });
}

/** What a refused link answers (every refusal of a token looks the same); counted for the figures. */
export function expectInvalidToken(res: LightMyRequestResponse): void {
  expectErrorAnswer(res, 400, "invalid-token", "This link is invalid or has expired.");
  figures.refusedTokens++;
}

const figures = { refusedTokens: 0 };

/**
 * The one app of an account test file (`testAppClosedAfterAll`, its figures reported after it),
 * with the helpers of this file and the endpoints the tests call again and again bound to it:
 * `t.register()`, `t.latestToken(email, page)`, `t.me(cookie)` …
 */
export function accountsTestApp(
  file: string,
  overrides: Partial<Config> | (() => Partial<Config>) = {},
) {
  const t = testAppClosedAfterAll(overrides);
  afterAll(() => reportFigures(t.database.db, file));
  return Object.assign(t, accountsApi(t));
}

function accountsApi(t: Omit<TestApp, "close">) {
  const db = () => t.database.db;
  return {
    call: (request: Call) => call(t, request),
    register: (email?: string, password?: string) => register(t, email, password),
    registerWithVerifyLink: () => registerWithVerifyLink(t),
    signIn: (email: string, password?: string, headers?: Record<string, string>) =>
      signIn(t, email, password, headers),
    createProfile: (cookie: string, username: string) => createProfile(t, cookie, username),
    memberWithContent: () => memberWithContent(t),
    mailsTo: (address: string) => mailsTo(db(), address),
    latestToken: (address: string, page: LinkPage) => latestToken(db(), address, page),
    signedInMinutesAgo: (userId: string, minutes: number) =>
      signedInMinutesAgo(db(), userId, minutes),
    /** The body of GET /api/me. */
    me: async (cookie: string) => (await call(t, { url: "/api/me", cookie })).json(),
    verify: (token: unknown) =>
      call(t, { method: "POST", url: "/api/auth/verify-email", payload: { token } }),
    resend: (cookie?: string) =>
      call(t, {
        method: "POST",
        url: "/api/auth/verify-email/resend",
        ...(cookie ? { cookie } : {}),
      }),
    forgot: (email: unknown, remoteAddress = nextAddress()) =>
      call(t, {
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email },
        remoteAddress,
      }),
    reset: (token: unknown, password = NEW_PASSWORD) =>
      call(t, { method: "POST", url: "/api/auth/reset-password", payload: { token, password } }),
    changePassword: (cookie: string, payload: unknown) =>
      call(t, { method: "PUT", url: "/api/me/password", cookie, payload }),
    changeEmail: (cookie: string, payload: unknown) =>
      call(t, { method: "PUT", url: "/api/me/email", cookie, payload }),
  };
}

/**
 * With ACCOUNT_FIGURES=1, prints after the file how many mails its app queued and how many tokens
 * it saw refused (the figures of issue 15's note).
 */
async function reportFigures(db: Db, file: string): Promise<void> {
  if (process.env.ACCOUNT_FIGURES !== "1") return;
  const queued = await db.$count(mailOutbox);
  console.log(`[figures] ${file}: ${queued} mails queued, ${figures.refusedTokens} tokens refused`);
}

/**
 * A member (signed in, with a profile, no password: like a Google account) with something of
 * everything: two posts, a review written about `other` and one received from them, a chat message.
 */
async function memberWithContent(t: Pick<TestApp, "app" | "database">): Promise<{
  member: TestUser;
  other: TestUser;
  postIds: number[];
}> {
  const member = await createSignedInUser(t.app);
  const other = await createSignedInUser(t.app);
  const postIds: number[] = [];
  for (const title of ["Guitar lessons", "Bike repair"]) {
    const res = await call(t, {
      method: "POST",
      url: "/api/articles",
      cookie: member.cookie,
      payload: { title, topic: "Music", body: `About ${title}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    postIds.push(res.json().article.id);
  }
  const review = (author: TestUser, about: TestUser, title: string) =>
    call(t, {
      method: "POST",
      url: "/api/reviews",
      cookie: author.cookie,
      payload: { created_about: about.username, title, body: "Very kind.", rating: 5 },
    });
  expect((await review(member, other, "Written by member")).statusCode).toBe(201);
  expect((await review(other, member, "Received by member")).statusCode).toBe(201);
  await t.database.db.insert(messages).values({
    userId: member.userId,
    userName: member.username,
    text: "Hello, neighbours",
    clientId: `c-${member.userId}`,
  });
  return { member, other, postIds };
}
