import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "../src/shared/photos.ts";
import { createSignedInUser, type TestUser } from "./harness/factories.ts";
import { residentMb } from "./harness/process-memory.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "./harness/server-process.ts";
import { createServerStorage, type ServerStorage, withStorage } from "./harness/server-storage.ts";
import { testDatabaseKind } from "./harness/test-database.ts";

/**
 * Issue 28, item 18: reading an upload's body left ~16 MB of garbage per 700 KB upload (RSS 0.5 →
 * 1.05–1.4 GB after 30), also for uploads refused before any image code. The cause was item 1's:
 * the input-bounds hook walked the body's Buffer entry by entry. A server process of its own, so
 * its RSS is the uploads' alone (bench/photo-upload-memory.ts has the figures).
 */

const UPLOADS = 30;
/** 30 uploads grew the server by ~650 MB before the fix, ~50 MB after (production, PGlite). */
const GROWTH_BUDGET_MB = 200;
// The old code took ~1 s an upload on a loaded machine: time enough to fail on the figure.

let storage: ServerStorage;
let server: ServerProcess;
let member: TestUser;
beforeAll(async () => {
  storage = await createServerStorage(testDatabaseKind);
  member = await withStorage(storage, ({ db }) => createSignedInUser(db));
  server = startServer({ PORT: String(await freePort()), ...storage.env });
  await waitForHealthy(server);
});
afterAll(async () => {
  await server?.stop();
  await storage?.drop();
});

/** A 700 KB upload that is not an image: refused from its first bytes, before any image code. */
async function uploadNotAnImage(): Promise<number> {
  const res = await fetch(`${server.url}/api/users/${member.username}/photo`, {
    method: "PUT",
    headers: { "content-type": "image/jpeg", cookie: member.cookie },
    body: new Uint8Array(700 * 1024).fill(0x20),
  });
  await res.arrayBuffer();
  return res.status;
}

describe("reading upload bodies", () => {
  it(`leaves no garbage behind: ${UPLOADS} uploads of 700 KB grow the server by less than ${GROWTH_BUDGET_MB} MB`, async () => {
    expect(700 * 1024).toBeLessThan(PHOTO_MAX_BYTES);
    expect(await uploadNotAnImage()).toBe(400);
    const pid = server.child.pid ?? 0;
    const before = residentMb(pid);
    for (let i = 0; i < UPLOADS; i++) expect(await uploadNotAnImage()).toBe(400);
    const growth = residentMb(pid) - before;
    expect(growth, `RSS ${before.toFixed(0)} MB, +${growth.toFixed(0)} MB`).toBeLessThan(
      GROWTH_BUDGET_MB,
    );
  }, 180_000);
});
