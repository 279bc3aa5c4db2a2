import { defineConfig } from "vitest/config";
import { authoritiesWithTestPushService } from "./test/harness/push-service-authority.ts";

// The forks pool's workers trust the test push service (test/harness/push-service.ts): set before
// they start, as Node reads NODE_EXTRA_CA_CERTS once at process start.
process.env.NODE_EXTRA_CA_CERTS = authoritiesWithTestPushService();

const apiTests = ["src/server/**/*.test.ts", "test/**/*.test.ts"];
/**
 * API test files that start server processes or measure time: they run after the in-process files,
 * two at a time (each spawns servers of its own), so timing checks never share the two cores with
 * the three in-process workers.
 */
const processTests = [
  "src/server/auth/password-hashing.test.ts",
  "src/server/chat/chat-processes.test.ts",
  "src/server/config-hardening.test.ts",
  "src/server/db/private-data-dir.test.ts",
  "src/server/photos/upload-event-loop.test.ts",
  "src/server/search/search-excerpt-time.test.ts",
  "test/bench-smoke.test.ts",
  "test/chat-jitter.test.ts",
  "test/faults/**/*.test.ts",
  "test/linear-time-text.test.ts",
  "test/server-process.test.ts",
  "test/server-log.test.ts",
  "test/demo.test.ts",
  "test/health-probes.test.ts",
  "test/first-run.test.ts",
  "test/install-engines.test.ts",
  "test/topology.test.ts",
  "test/upload-memory.test.ts",
];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.REQUIRE_POSTGRES_TESTS === "1" && !postgresUrl) {
  throw new Error("REQUIRE_POSTGRES_TESTS=1 but TEST_DATABASE_URL is not set");
}

/** The API tests on one database: in-process files, then process files (see above). */
function apiProjects(database: "pglite" | "postgres", env: Record<string, string>) {
  const common = {
    environment: "node",
    env: { TEST_DB: database, ...env },
    // Builds the PGlite template if it is missing or stale; the PGlite tests start from it.
    globalSetup: ["test/harness/pglite-template-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    { test: { ...common, name: `api-${database}`, include: apiTests, exclude: processTests } },
    {
      test: {
        ...common,
        name: `api-${database}-processes`,
        include: processTests,
        maxWorkers: 2,
        sequence: { groupOrder: 1 },
      },
    },
  ];
}

/**
 * Server tests run twice (embedded PGlite, and a real PostgreSQL when TEST_DATABASE_URL is set).
 * Most API tests wait on I/O (sockets, PostgreSQL, timers): three workers keep both cores busy.
 */
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      { test: { name: "shared", include: ["src/shared/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["test/harness/web/setup.ts"],
        },
      },
      ...apiProjects("pglite", {}),
      ...(postgresUrl ? apiProjects("postgres", { TEST_DATABASE_URL: postgresUrl }) : []),
    ],
  },
});
