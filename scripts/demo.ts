// `npm run demo [-- --force]`: fills the database the app would use (DATABASE_URL, else the embedded
// one in DATA_DIR) with a small community to explore, and prints two sign-ins. Never run by the
// app itself. See scripts/demo/fill-demo.ts for what it refuses and what --force replaces.
import { appAddress } from "../src/server/app-address.ts";
import { loadConfigOrExit } from "../src/server/config.ts";
import { DataDirLockedError } from "../src/server/db/data-dir-lock.ts";
import { openStorage, StorageUnreachableError } from "../src/server/db/open-storage.ts";
import { PGLITE_TEMPLATE_DIR, templateIsCurrent } from "../src/server/db/pglite-template-stamp.ts";
import { fillDemo } from "./demo/fill-demo.ts";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--force");
if (unknown.length > 0) {
  fail(
    `Unknown option ${unknown.join(" ")}. Usage: npm run demo [-- --force] (--force replaces an earlier demo's members).`,
  );
}
const force = args.includes("--force");

const config = loadConfigOrExit();

const where = config.databaseUrl
  ? `the PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)} on ${new URL(config.databaseUrl).host}`
  : `the embedded database in ${config.dataDir}`;

// A first start on an empty data directory copies the prebuilt template (as `npm start` makes it)
// instead of running initdb: made here too when missing, so the server's first start gains as well.
if (!config.databaseUrl && !templateIsCurrent(PGLITE_TEMPLATE_DIR)) {
  console.log("Making the embedded database's template…");
  const { buildPgliteTemplate } = await import("../src/server/db/pglite-template-build.ts");
  await buildPgliteTemplate(PGLITE_TEMPLATE_DIR);
}

let storage: Awaited<ReturnType<typeof openStorage>>;
try {
  storage = await openStorage(config);
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof StorageUnreachableError) {
    fail(error.message);
  }
  throw error;
}

try {
  const outcome = await fillDemo(storage.database, { force });
  if (outcome.kind === "refused") {
    process.exitCode = 1;
    process.stderr.write(`${outcome.message}\n`);
  } else {
    const { counts, signIns, moderator } = outcome;
    const replaced =
      outcome.replaced > 0
        ? ` (replacing the ${outcome.replaced} members of the earlier demo)`
        : "";
    console.log(
      `Filled ${where} with the demo community${replaced}: ${counts.members} members (${counts.photos} with photos) in and around Cambridge, ${counts.posts} posts, ${counts.reviews} reviews, ${counts.chatMessages} chat messages and private conversations.`,
    );
    console.log("\nSign in as either of these demo members:");
    for (const signIn of signIns) {
      console.log(`  ${signIn.email}   password: ${signIn.password}   (${signIn.username})`);
    }
    console.log("\nAnd a moderator, who sees reports at /moderation once the app names them:");
    console.log(`  ${moderator.email}   password: ${moderator.password}   (${moderator.username})`);
    // Moderators are ADMIN_EMAILS's verified addresses (decision 010): the start command names one.
    const admins = [...new Set([...config.moderation.adminEmails, moderator.email])].join(",");
    console.log(
      `\nStart the app with \`ADMIN_EMAILS=${admins} npm start\` and open ${appAddress(config)}. Every demo member has the same password.`,
    );
    // performance.now() counts from the process's start: the time includes loading the modules.
    console.log(`Done in ${(performance.now() / 1000).toFixed(1)} s.`);
  }
} finally {
  await storage.database.close();
  storage.release();
}
