import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_DOCS, CONFIG_VARIABLES, configDocsProblems, configTable } from "./config-docs.ts";
import { WRITE_LIMIT_ENV } from "./limits/write-limit-rules.ts";

/** The variables named in the table's first column. */
function tableVariables(table: string): string[] {
  return table
    .split("\n")
    .slice(2)
    .filter(Boolean)
    .flatMap((line) => [...(line.split(" | ")[0] ?? "").matchAll(/`([A-Z0-9_]+)`/g)])
    .map((match) => match[1] ?? "");
}

/** What loadConfig reads, from config.ts's source: `e.NAME`, plus the write limits' settings. */
function variablesConfigReads(): string[] {
  const source = readFileSync(new URL("./config.ts", import.meta.url), "utf8");
  const read = [...source.matchAll(/\be\.([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1] ?? "");
  const writeLimits = Object.values(WRITE_LIMIT_ENV).flatMap(({ max, newAccountMax }) => [
    max,
    newAccountMax,
  ]);
  return [...new Set([...read, ...writeLimits])].sort();
}

describe("the README's Configuration table (config-docs.ts, issue 29)", () => {
  it("covers exactly the variables config.ts reads, each once", () => {
    const inTable = tableVariables(configTable());
    expect(new Set(inTable).size).toBe(inTable.length);
    expect([...inTable].sort()).toEqual(variablesConfigReads());
    expect([...inTable].sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect(configDocsProblems()).toEqual([]);
  });

  it("names what is missing, unknown or contradicting the code", () => {
    const [, ...withoutPort] = CONFIG_DOCS;
    expect(configDocsProblems(withoutPort)).toEqual([
      "config.ts reads PORT, which src/server/config-docs.ts does not describe",
    ]);
    const extra = { variables: ["NOT_READ"], meaning: "nothing" };
    expect(configDocsProblems([...CONFIG_DOCS, extra])).toEqual([
      "src/server/config-docs.ts describes NOT_READ, which config.ts does not read",
    ]);
    const port = { variables: ["PORT"], default: "`8080`", meaning: "HTTP port" };
    expect(configDocsProblems([port, ...withoutPort])).toEqual([
      "src/server/config-docs.ts gives PORT default text, but config.ts has its default",
    ]);
  });

  it("takes defaults from the schema, and shows a pair's as `max` / `new accounts' max`", () => {
    const table = configTable();
    expect(table).toContain("| `PORT` | `3000` | HTTP port |");
    expect(table).toContain(
      "| `WRITE_LIMIT_POSTS_PER_HOUR` / `WRITE_LIMIT_NEW_ACCOUNT_POSTS_PER_HOUR` | `10` / `3` |",
    );
    expect(table).toContain("| `GOOGLE_CLIENT_ID` / `GOOGLE_CLIENT_SECRET` | — |");
  });

  it("is the one in README.md (node scripts/config-table.ts --write)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(`-->\n${configTable()}<!-- config-table:end -->`);
  });
});
