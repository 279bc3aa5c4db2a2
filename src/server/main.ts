import module from "node:module";
import { takeModuleResolutionFastPath } from "./module-resolution-fast-path.ts";

// V8 keeps the compiled code of every module on disk (in the system's temporary folder, unless
// NODE_COMPILE_CACHE names one) between starts: a fifth less work to load the app (DESIGN §6, first
// request within 2 s); and module resolution takes a shorter way (about half the CPU of loading
// the app). The imports are dynamic so that they come after these lines, and the app's after the
// database has started opening.
module.enableCompileCache?.();
takeModuleResolutionFastPath();
const { loadConfigOrExit } = await import("./config.ts");
const { DataDirLockedError } = await import("./db/data-dir-lock.ts");
const { openStorage, StorageUnreachableError } = await import("./db/open-storage.ts");
const { whenQuiet } = await import("./when-quiet.ts");

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function failOnListenError(error: unknown, port: number): never {
  if ((error as NodeJS.ErrnoException).code === "EADDRINUSE")
    fail(`Port ${port} is already in use: set PORT to a free port.`);
  throw error;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();

  // The port answers from the start: alive, not ready while the storage opens and migrates.
  const { answerWhileStarting } = await import("./health/index.ts");
  let starting: Awaited<ReturnType<typeof answerWhileStarting>>;
  try {
    starting = await answerWhileStarting(config.port, config.host);
  } catch (error) {
    failOnListenError(error, config.port);
  }

  let storage: Awaited<ReturnType<typeof openStorage>>;
  const opening = openStorage(config);
  opening.catch(() => {}); // handled below, once the app's modules are loaded
  // The embedded database reads and compiles its WebAssembly while the app's modules load.
  const { buildApp } = await import("./app.ts");
  try {
    storage = await opening;
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof StorageUnreachableError) {
      fail(error.message);
    }
    throw error;
  }

  const { chosenLogFormat, prettyLogStream } = await import("./http/log-format.ts");
  const logStream = chosenLogFormat(config) === "pretty" ? await prettyLogStream() : undefined;
  const app = await buildApp({ config, database: storage.database, logStream });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready from now on, still serving: a load balancer has time to stop sending traffic.
    app.readiness.drain();
    if (config.shutdownDrainSeconds > 0) {
      app.log.info({ signal, seconds: config.shutdownDrainSeconds }, "draining");
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    }
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await storage.database.close();
    storage.release();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await starting.stop();
  try {
    await app.listen({ port: starting.port, host: config.host });
  } catch (error) {
    failOnListenError(error, config.port);
  }
  const { logStartNotes } = await import("./start-notes.ts");
  logStartNotes(config, app.log);
  // The place list (about 0.4 s to read, blocking) loads before the first autocomplete or distance
  // filter needs it, but not while the first requests wait: right after listen it held the very
  // first answer back by as long.
  const { warmGazetteer } = await import("./places/index.ts");
  whenQuiet(app.server, warmGazetteer);
}

await main();
