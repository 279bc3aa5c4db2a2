import fs from "node:fs";
import path from "node:path";
import { DataDirLockedError } from "./data-dir-errors.ts";
import { preparePrivateDataDir } from "./private-data-dir.ts";

export { DataDirLockedError, DataDirNotPrivateError } from "./data-dir-errors.ts";

const LOCK_FILE = "server.lock";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the embedded database's directory for this process alone. PGlite does not lock its files and
 * two processes on one directory corrupt it, so a second process is refused with a clear message.
 * A lock left by a process that died (kill -9, power loss) is taken over. A directory others can
 * write is refused (private-data-dir.ts). Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  preparePrivateDataDir(dataDir);
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => {
        if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.rmSync(lockPath);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another server process (pid ${holder}). ` +
            "Stop it, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}; try again.`);
}
