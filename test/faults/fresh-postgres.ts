import { randomBytes } from "node:crypto";
import pg from "pg";

export type FreshPostgres = { url: string; host: string; port: number; drop(): Promise<void> };

/** An empty database of its own on the server of TEST_DATABASE_URL, for a server process to use. */
export async function createPostgresDatabase(): Promise<FreshPostgres> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("these tests need TEST_DATABASE_URL");
  const name = `ylt_fault_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    host: url.hostname,
    port: Number(url.port || 5432),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
