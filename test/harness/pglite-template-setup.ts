// Vitest globalSetup of the API projects: every PGlite test database starts from the prebuilt
// template (decision 005) instead of running initdb in WebAssembly (2–3 s each), and server
// processes on a new DATA_DIR copy it as on a first start. On a clean clone the template is built
// first. PGlite loads an in-memory database from a dumped data directory, so the template is dumped
// once per run into a temporary file that every worker reads.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { PGLITE_EXTENSIONS } from "../../src/server/db/pglite-extensions.ts";
import { buildPgliteTemplate } from "../../src/server/db/pglite-template-build.ts";
import {
  PGLITE_TEMPLATE_DIR,
  templateDataDir,
  templateIsCurrent,
} from "../../src/server/db/pglite-template-stamp.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite's dump of the template's data directory (a tar file). */
    pgliteTemplateDump: string;
  }
}

/** Each API project runs this setup: they share one dump, removed when the last one is done. */
const shared = globalThis as { yltTemplateDump?: { scratch: Promise<string>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.yltTemplateDump ??= { scratch: dumpTemplate(), users: 0 };
  const dump = shared.yltTemplateDump;
  dump.users++;
  project.provide("pgliteTemplateDump", path.join(await dump.scratch, DUMP_FILE));
  return async () => {
    if (--dump.users > 0) return;
    shared.yltTemplateDump = undefined;
    fs.rmSync(await dump.scratch, { recursive: true, force: true });
  };
}

const DUMP_FILE = "pglite-template.tar";

/** Builds the template if needed and dumps it into a new scratch directory; resolves to that. */
async function dumpTemplate(): Promise<string> {
  if (!templateIsCurrent(PGLITE_TEMPLATE_DIR)) await buildPgliteTemplate(PGLITE_TEMPLATE_DIR);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-vitest-"));
  try {
    // PGlite writes to a data directory it opens: dump a copy, never the template itself.
    const copy = path.join(scratch, "data");
    fs.cpSync(templateDataDir(PGLITE_TEMPLATE_DIR), copy, { recursive: true });
    const client = new PGlite(copy, { extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    const dump = await client.dumpDataDir("none");
    await client.close();
    fs.rmSync(copy, { recursive: true, force: true });
    fs.writeFileSync(path.join(scratch, DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
    return scratch;
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}
