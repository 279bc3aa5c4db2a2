import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/database.ts";

/**
 * Every table of the database (any schema but PostgreSQL's own), read from information_schema: a
 * table added later is scanned without anyone remembering to list it.
 */
async function allTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`);
  const { rows } = result as { rows: { schema: string; name: string }[] };
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return rows.map((row) => `${quote(row.schema)}.${quote(row.name)}`);
}

/**
 * Where `needles` still appear, case-insensitively, in any column of any row (each row read whole
 * as text, so arrays, JSON and search vectors count too): `table: needle (rows)` per finding.
 */
export async function findInEveryTable(db: Db, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await allTables(db)) {
    for (const needle of needles) {
      const result = await db.execute(
        sql`select count(*)::int as n from ${sql.raw(table)} as r where strpos(lower(r::text), lower(${needle})) > 0`,
      );
      const n = Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      if (n > 0) found.push(`${table}: ${needle} (${n})`);
    }
  }
  return found;
}
