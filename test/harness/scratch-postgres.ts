import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchPostgres = { url: string; host: string; port: number; drop(): Promise<void> };

/** The PostgreSQL server the tests use (TEST_DATABASE_URL), or a clear error. */
export function testPostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("these tests need TEST_DATABASE_URL");
  return url;
}

/**
 * A new, empty database of its own on the server of `adminUrl`, named `<prefix>_<random>`; `drop`
 * removes it even while connections are open.
 */
export async function createScratchPostgres(
  adminUrl: string,
  prefix = "ylt_test",
): Promise<ScratchPostgres> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    host: url.hostname,
    port: Number(url.port || 5432),
    drop: () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
