import { readFileSync } from "node:fs";
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { VERIFIED_PGLITE_VERSION } from "./pglite-prepared.ts";

/** The installed version, from the package's own package.json (not in its "exports"). */
function installedVersion(): string {
  let dir = new URL(".", import.meta.resolve("@electric-sql/pglite"));
  while (!dir.pathname.endsWith("/@electric-sql/pglite/")) dir = new URL("..", dir);
  return JSON.parse(readFileSync(new URL("package.json", dir), "utf8")).version;
}
const installed = installedVersion();

describe("PGlite's private API used by pglite-prepared.ts", () => {
  it("is the release it was verified with", () => {
    expect(
      installed,
      `@electric-sql/pglite is ${installed}, but src/server/db/pglite-prepared.ts was verified with ${VERIFIED_PGLITE_VERSION}. ` +
        "It uses private members that can change in any release: check them against the new source, run " +
        "pglite-prepared.test.ts, then update VERIFIED_PGLITE_VERSION and the exact version in package.json.",
    ).toBe(VERIFIED_PGLITE_VERSION);
  });

  it("still has every private member it calls", () => {
    const members = [
      "_checkReady",
      "_runExclusiveQuery",
      "_runExclusiveTransaction",
      "execProtocolStream",
      "syncToFs",
    ];
    for (const member of members) {
      expect(typeof (PGlite.prototype as unknown as Record<string, unknown>)[member], member).toBe(
        "function",
      );
    }
    expect(typeof parse.parseResults).toBe("function");
    expect(typeof parse.parseDescribeStatementResults).toBe("function");
    for (const message of ["parse", "describe", "bind", "execute", "close", "sync"] as const) {
      expect(typeof protocol.serialize[message], message).toBe("function");
    }
  });
});
