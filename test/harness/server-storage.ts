import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, openPglite, openPostgres } from "../../src/server/db/database.ts";
import { createScratchPostgres, testPostgresUrl } from "./scratch-postgres.ts";

/**
 * Storage for server processes under test: an empty DATA_DIR (the server makes its database from the
 * prebuilt template, as on a first start) or a new database on the PostgreSQL server of `adminUrl`
 * (TEST_DATABASE_URL by default). `open` reaches it from the test (on PGlite only while no server has it);
 * `drop` removes it.
 */
export type ServerStorage = {
  env: { DATA_DIR: string } | { DATABASE_URL: string };
  open(): Promise<Database>;
  drop(): Promise<void>;
};

export async function createServerStorage(
  kind: "pglite" | "postgres",
  adminUrl?: string,
): Promise<ServerStorage> {
  if (kind === "postgres") {
    const scratch = await createScratchPostgres(adminUrl ?? testPostgresUrl());
    return {
      env: { DATABASE_URL: scratch.url },
      open: () => openPostgres(scratch.url, 2),
      drop: () => scratch.drop(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-server-"));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openPglite(dataDir),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Runs `use` on the storage's database, closed afterwards. */
export async function withStorage<T>(
  storage: ServerStorage,
  use: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await storage.open();
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}
