import { defineConfig } from "vitest/config";

const apiTests = ["src/server/**/*.test.ts", "test/**/*.test.ts"];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.REQUIRE_POSTGRES_TESTS === "1" && !postgresUrl) {
  throw new Error("REQUIRE_POSTGRES_TESTS=1 but TEST_DATABASE_URL is not set");
}

/** Server tests run twice (embedded PGlite, and a real PostgreSQL when TEST_DATABASE_URL is set). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "shared",
          include: ["src/shared/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
        },
      },
      {
        test: {
          name: "api-pglite",
          include: apiTests,
          environment: "node",
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: "api-postgres",
                include: apiTests,
                environment: "node",
                env: { TEST_DB: "postgres", TEST_DATABASE_URL: postgresUrl },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
