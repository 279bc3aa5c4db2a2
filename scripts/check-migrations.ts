/**
 * Fails when `src/server/db/schema.ts` has changes that no migration carries: runs
 * `drizzle-kit generate` against a throwaway copy of `migrations/` and expects it to find nothing.
 * (`drizzle-kit check` only checks that the migrations agree with each other.)
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const copy = mkdtempSync(path.join(tmpdir(), "ylt-migrations-"));
try {
  cpSync("migrations", copy, { recursive: true });
  const before = readdirSync(copy).length;
  // drizzle-kit joins --out to the working directory, so it must be relative.
  const out = path.relative(process.cwd(), copy);
  const printed = execFileSync(
    "npx",
    [
      "drizzle-kit",
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "./src/server/db/schema.ts",
      "--out",
      out,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (readdirSync(copy).length !== before || !printed.includes("No schema changes")) {
    console.error(
      "schema.ts has changes no migration carries: run `npm run db:generate` and commit the new migration.",
    );
    process.exit(1);
  }
  console.log("migrations: schema.ts and migrations/ agree");
} finally {
  rmSync(copy, { recursive: true, force: true });
}
