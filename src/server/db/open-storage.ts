import type { Config } from "../config.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { type Database, openPglite, openPostgres } from "./database.ts";

/** The PostgreSQL server of DATABASE_URL did not answer; the message says what to do, in one line. */
export class StorageUnreachableError extends Error {}

export type Storage = { database: Database; release: () => void };

/**
 * The database the configuration names, migrated: PostgreSQL when DATABASE_URL is set, else the
 * embedded one in DATA_DIR, locked for this process (DataDirLockedError when another has it).
 * The server and `npm run demo` both open storage here.
 */
export async function openStorage(
  config: Pick<Config, "databaseUrl" | "dataDir" | "databaseBounds">,
): Promise<Storage> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    try {
      return {
        database: await openPostgres(config.databaseUrl, undefined, config.databaseBounds),
        release: () => {},
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new StorageUnreachableError(
        `Cannot reach the PostgreSQL server in DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname}): ${reason}. ` +
          "Check that it is running and the URL is right, or unset DATABASE_URL to use the embedded database.",
      );
    }
  }
  const release = lockDataDir(config.dataDir);
  try {
    return { database: await openPglite(config.dataDir), release };
  } catch (error) {
    release();
    throw error;
  }
}
