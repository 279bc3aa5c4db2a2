import fs from "node:fs";
import path from "node:path";
import { DataDirNotPrivateError } from "./data-dir-errors.ts";

const WRITABLE_BY_OTHERS = 0o022;
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * The embedded database holds password hashes, emails and sessions: only this account may read
 * it. Refuses a directory that group or others can write (whatever is in it may have been planted),
 * creates a missing one 0700, and takes read access away from others on an existing one.
 */
export function preparePrivateDataDir(dataDir: string): void {
  let mode: number | undefined;
  try {
    mode = fs.statSync(dataDir).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (mode !== undefined && (mode & WRITABLE_BY_OTHERS) !== 0) {
    throw new DataDirNotPrivateError(
      `The data directory ${dataDir} can be written by other users (mode ${(mode & 0o777).toString(8)}); refusing to start. ` +
        `Check its contents, then run \`chmod 700 ${dataDir}\`, or use another DATA_DIR.`,
    );
  }
  if (mode === undefined) fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dataDir, PRIVATE_DIR);
}

/**
 * Files 0600 and folders 0700 under `dataDir`. PGlite writes the files initdb makes 0666, files it
 * makes later (pg_internal.init) 0644 under its own umask of 022 that the process's umask does not
 * change, and a copy of the template keeps the template's modes. The 0700 directory already keeps
 * others out of such a file between two passes (at open and at close).
 */
export function makeDataDirPrivate(dataDir: string): void {
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    const entryPath = path.join(dataDir, entry.name);
    if (entry.isDirectory()) {
      fs.chmodSync(entryPath, PRIVATE_DIR);
      makeDataDirPrivate(entryPath);
    } else if (entry.isFile() && (fs.statSync(entryPath).mode & 0o077) !== 0) {
      fs.chmodSync(entryPath, PRIVATE_FILE);
    }
  }
}
