/**
 * Profile photo uploads (issue 28, items 1 and 18): the server's resident memory (RSS) after 30
 * uploads of a 700 KB photo, one after another, and after 30 uploads of 700 KB that are refused
 * before any image code (not an image), each case on a freshly started production server on
 * PGlite; with the time each upload took.
 *
 *   npx node bench/photo-upload-memory.ts [--uploads 30] [--main <path to src/server/main.ts>]
 *
 * `--main` runs another checkout's server (e.g. the code before a change, from `git archive`),
 * with the same requests.
 */
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { residentMb } from "../test/harness/process-memory.ts";
import { SERVER_MAIN } from "../test/harness/server-process.ts";
import { benchArgs, runMain, tempDir } from "./bench-kit.ts";
import { picture } from "./photo-picture.ts";
import { machineLine, markdownHeader, markdownRow, median } from "./report.ts";
import { startAppServer } from "./servers.ts";
import { signUp } from "./storage.ts";

const args = benchArgs({ uploads: 30, main: null });
const main = args.main ?? SERVER_MAIN;

type Case = { name: string; body: Buffer; expected: number };

async function measure({ name, body, expected }: Case): Promise<string> {
  const env = { DATA_DIR: tempDir("photo-memory"), ...liftedWriteLimitEnv() };
  const server = await startAppServer(env, { main, healthyWithinMs: 120_000 });
  const pid = server.child.pid ?? 0;
  const cookie = await signUp(server.url);
  const username = await (await fetch(`${server.url}/api/me`, { headers: { cookie } }))
    .json()
    .then((me: { profile: { username: string } }) => me.profile.username);
  const send = async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/users/${username}/photo`, {
      method: "PUT",
      headers: {
        "content-type": "image/jpeg",
        cookie,
        origin: server.url,
        "sec-fetch-site": "same-origin",
      },
      body: new Uint8Array(body),
    });
    await res.arrayBuffer();
    if (res.status !== expected)
      throw new Error(`${name}: answered ${res.status}, not ${expected}`);
    return performance.now() - started;
  };
  const atStart = residentMb(pid);
  let peak = atStart;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 20);
  const times: number[] = [];
  for (let i = 0; i < args.uploads; i++) times.push(await send());
  clearInterval(sampler);
  const after = residentMb(pid);
  peak = Math.max(peak, after);
  await server.stop();
  return markdownRow([
    name,
    `${(body.length / 1024).toFixed(0)} KB`,
    `${atStart.toFixed(0)} MB`,
    `${after.toFixed(0)} MB`,
    `${peak.toFixed(0)} MB`,
    `${median(times).toFixed(0)} ms`,
  ]);
}

await runMain(async () => {
  const jpeg = await picture(1500, 1125, "jpeg", 92);
  // Not an image: refused (400) from its first bytes, before any image code runs.
  const notAnImage = Buffer.alloc(jpeg.length, 0x20);
  console.log(`${machineLine()}\nserver: ${main}\n`);
  console.log(
    markdownHeader([
      `${args.uploads} uploads of`,
      "size",
      "RSS at start",
      "RSS after",
      "peak RSS",
      "per upload p50",
    ]),
  );
  console.log(await measure({ name: "a JPEG photo (200)", body: jpeg, expected: 200 }));
  console.log(await measure({ name: "not an image (400)", body: notAnImage, expected: 400 }));
});
