import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.ts";
import { DATABASE_MARKER, templateDataDir, templateProblem } from "./pglite-template-stamp.ts";
import { makeDataDirPrivate, preparePrivateDataDir } from "./private-data-dir.ts";

/**
 * PGlite on `dataDir`, ready. A directory without a database yet (the lock file may already be
 * there) starts as a copy of the template in `templateDir`, made while the app's modules load,
 * instead of initdb's seconds. Any problem with the template is told in one line, and initdb runs
 * as it would without one. A directory that holds a database is opened as it is, never overwritten.
 * Only this account can read or write it: a directory others can write is refused, the rest made
 * 0700 with files 0600 (private-data-dir.ts).
 */
export async function openPgliteDataDir(dataDir: string, templateDir: string): Promise<PGlite> {
  preparePrivateDataDir(dataDir);
  if (!fs.existsSync(path.join(dataDir, DATABASE_MARKER))) {
    try {
      return await openFromTemplate(dataDir, templateDir);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`Creating the embedded database with initdb (a few seconds): ${reason}.`);
    }
  }
  const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  return keptPrivate(client, dataDir);
}

/** The data directory made private now, and again once the client has closed (private-data-dir.ts). */
function keptPrivate(client: PGlite, dataDir: string): PGlite {
  makeDataDirPrivate(dataDir);
  const close = client.close.bind(client);
  client.close = async () => {
    await close();
    makeDataDirPrivate(dataDir);
  };
  return client;
}

async function openFromTemplate(dataDir: string, templateDir: string): Promise<PGlite> {
  const problem = templateProblem(templateDir);
  if (problem) throw new Error(problem);
  const before = new Set(entries(dataDir));
  try {
    await copyInWorker(templateDataDir(templateDir), dataDir);
    makeDataDirPrivate(dataDir);
    const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    return keptPrivate(client, dataDir);
  } catch (error) {
    // What the copy left would pass for a database (PG_VERSION) on the fallback and every next start.
    for (const entry of entries(dataDir))
      if (!before.has(entry))
        fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`starting from the template in ${templateDir} failed (${reason})`);
  }
}

function copyInWorker(from: string, to: string): Promise<void> {
  const worker = new Worker(new URL("./pglite-template-copy-worker.ts", import.meta.url), {
    workerData: { from, to, marker: DATABASE_MARKER },
  });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`the copy stopped with code ${code}`)),
    );
  });
}

const entries = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
