import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/database.ts";

export const TABLES = [
  "users",
  "oauth_accounts",
  "sessions",
  "sign_in_failures",
  "profiles",
  "articles",
  "reviews",
  "messages",
  "account_tokens",
  "retired_usernames",
  "mail_outbox",
] as const;
export type Table = (typeof TABLES)[number];

/**
 * What of a table counts as written, where not all of it: a session's last use is bookkeeping of
 * the viewer lookup (any request may note it), and the mail sender updates queued mail by itself.
 */
const ROWS: Partial<Record<Table, string>> = {
  sessions:
    "select token_hash, public_id, user_id, user_agent, created_at, expires_at from sessions",
  mail_outbox: "select id, to_address, subject, text_body from mail_outbox",
};

/** Row count and a digest of every row, per table: equal fingerprints mean nothing was written. */
export async function fingerprint(db: Db): Promise<Record<Table, string>> {
  const columns = TABLES.map(
    (table) =>
      `(select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from ${ROWS[table] ? `(${ROWS[table]})` : table} x) as ${table}`,
  );
  const result = (await db.execute(sql.raw(`select ${columns.join(", ")}`))) as unknown as {
    rows: Record<Table, string>[];
  };
  const row = result.rows[0];
  if (!row) throw new Error("fingerprint query returned no row");
  return row;
}

export type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * No 5xx, and every refusal is a 4xx in the one error shape (DESIGN §3) with no stack trace:
 * `{ error: { code, message, fields? } }` and nothing else.
 */
export function expectCleanAnswer(answer: Answer): void {
  expect(answer.statusCode, answer.body.slice(0, 500)).toBeLessThan(500);
  if (answer.statusCode < 400) return;
  expect(String(answer.headers["content-type"])).toMatch(/^application\/json/);
  const json = JSON.parse(answer.body) as { error?: Record<string, unknown> };
  expect(Object.keys(json)).toEqual(["error"]);
  const error = json.error ?? {};
  expect(error.code).toEqual(expect.stringMatching(/^[a-z][a-z-]*$/));
  expect(error.message).toEqual(expect.any(String));
  expect(String(error.message).length).toBeGreaterThan(0);
  for (const key of Object.keys(error)) expect(["code", "message", "fields"]).toContain(key);
  if (error.fields !== undefined) {
    for (const value of Object.values(error.fields as object)) expect(typeof value).toBe("string");
  }
  expect(answer.body).not.toMatch(/\n\s+at |node_modules|DrizzleQueryError|Failed query/);
}
