import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../../../test/harness/test-database.ts";
import { PLAN_EACH_TIME, withPreparedStatements } from "./pglite-prepared.ts";

/** The statements this client keeps in the backend, by text. */
async function prepared(raw: PGlite): Promise<string[]> {
  const result = await raw.query<{ statement: string }>(
    "select statement from pg_prepared_statements where name like 'ylt\\_%' order by statement",
  );
  return result.rows.map((row) => row.statement);
}

describe.skipIf(testDatabaseKind !== "pglite")("PGlite with named prepared statements", () => {
  let raw: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    raw = new PGlite();
    await raw.waitReady;
    await raw.exec(`
      create table items (id bigint primary key, name text unique not null, tags text[] not null,
                          at timestamptz not null default now(), note text);
      insert into items (id, name, tags, at) values
        (1, 'one', '{a,b}', '2026-01-02T03:04:05.123456Z'), (2, 'two', '{}', now());`);
    client = withPreparedStatements(raw);
  });
  afterAll(() => raw.close());

  it("answers what PGlite's own query answers, in both row modes and with the caller's parsers", async () => {
    const text =
      "select id, name, tags, at, note from items where id = $1 or name = $2 order by id";
    const options = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };
    for (const rowMode of ["array", "object"] as const) {
      const ours = await client.query(text, [1, "two"], { ...options, rowMode });
      const theirs = await raw.query(text, [1, "two"], { ...options, rowMode });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const [first] = (await client.query<{ id: number; tags: string[] }>(text, [1, null])).rows;
    expect(first).toMatchObject({ id: 1, tags: ["a", "b"] });
  });

  it("parses each text once and reuses the statement", async () => {
    const text = "select name from items where id = $1";
    const before = (await prepared(raw)).filter((s) => s === text).length;
    expect(before).toBe(0);
    for (const id of [1, 2, 1, 2]) await client.query(text, [id]);
    expect((await prepared(raw)).filter((s) => s === text)).toHaveLength(1);
  });

  it("plans a query marked PLAN_EACH_TIME afresh, without keeping it", async () => {
    const text = `select name from items where name = lower($1) ${PLAN_EACH_TIME}`;
    expect((await client.query(text, ["ONE"])).rows).toEqual([{ name: "one" }]);
    expect(await prepared(raw)).not.toContain(text);
  });

  it("reports a constraint violation with its SQLSTATE and keeps working", async () => {
    const insert = "insert into items (id, name, tags) values ($1, $2, $3)";
    await expect(client.query(insert, [3, "one", ["x"]])).rejects.toMatchObject({ code: "23505" });
    await client.query(insert, [3, "three", ["x"]]);
    expect((await client.query("select count(*)::int as n from items")).rows).toEqual([{ n: 3 }]);
  });

  it("parses anew when a schema change made the statement stale", async () => {
    const text = "select * from items where id = $1";
    expect(Object.keys((await client.query(text, [1])).rows[0] as object)).not.toContain("extra");
    await raw.exec("alter table items add column extra int");
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: "0A000" });
    expect(Object.keys((await client.query(text, [1])).rows[0] as object)).toContain("extra");
  });

  it("keeps at most 256 statements, closing the least recently used", async () => {
    for (let i = 0; i < 300; i++) await client.query(`select $1::int + ${i} as n`, [1]);
    const kept = await prepared(raw);
    expect(kept.length).toBeLessThanOrEqual(256);
    expect(kept).toContain("select $1::int + 299 as n");
    expect(kept).not.toContain("select $1::int + 0 as n");
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into items (id, name, tags) values (10, 'ten', '{}')");
      await held;
      await tx.rollback();
    });
    const outside = client.query("select count(*)::int as n from items where id = $1", [10]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it("prepares a transaction's statements too, commits them and rolls them back on error", async () => {
    const insert = "insert into items (id, name, tags) values ($1, $2, $3)";
    await client.transaction(async (tx) => {
      await tx.query(insert, [20, "twenty", ["t"]]);
      await tx.query(insert, [21, "twenty-one", []]);
    });
    expect(await prepared(raw)).toContain(insert);
    const failing = client.transaction(async (tx) => {
      await tx.query(insert, [22, "twenty-two", []]);
      await tx.query(insert, [23, "twenty", []]); // the name is taken
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    const count = "select count(*)::int as n from items where id between $1 and $2";
    expect((await client.query(count, [20, 23])).rows).toEqual([{ n: 2 }]);
    // The caller's parsers apply inside a transaction as well.
    const options = { parsers: { [types.INT4]: (value: string) => `int ${value}` } };
    const parsed = await client.transaction((tx) => tx.query(count, [20, 23], options));
    expect(parsed.rows).toEqual([{ n: "int 2" }]);
    let leaked: Parameters<Parameters<PGlite["transaction"]>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked?.query(count, [20, 23])).rejects.toThrow(/Transaction is closed/);
  });

  it("says PGlite is closed once it is (storage down)", async () => {
    const other = new PGlite();
    await other.waitReady;
    const wrapped = withPreparedStatements(other);
    await other.close();
    await expect(wrapped.query("select $1::int", [1])).rejects.toThrow(/PGlite is closed/);
  });
});
