/**
 * What every benchmark shares: its command line (options given by their defaults) and clean-up,
 * so whatever it started is stopped and removed, also on failure or Ctrl-C.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

// ── command line ────────────────────────────────────────────────────────────

type BenchArgs<T> = {
  [K in keyof T]: T[K] extends number
    ? number
    : T[K] extends boolean
      ? boolean
      : T[K] extends string
        ? string
        : string | undefined;
};

/**
 * The script's `--name` options, each given by its default: a number takes `--name 123` (anything
 * but a number stops the script), a boolean is a flag, a text keeps its default, and null is a
 * text with none.
 */
export function benchArgs<const T extends Record<string, number | boolean | string | null>>(
  defaults: T,
): BenchArgs<T> {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.entries(defaults).map(([name, fallback]) => [
        name,
        typeof fallback === "boolean"
          ? { type: "boolean" as const, default: fallback }
          : typeof fallback === "string"
            ? { type: "string" as const, default: fallback }
            : { type: "string" as const },
      ]),
    ),
  });
  return Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => {
      const value = values[name];
      if (typeof fallback !== "number") return [name, value];
      if (value === undefined) return [name, fallback];
      const number = Number(value);
      if (!Number.isFinite(number)) usage(`--${name} takes a number, not "${value}"`);
      return [name, number];
    }),
  ) as BenchArgs<T>;
}

/** Stops the script with `problem` (a wrong option) before it starts anything; nothing if null. */
export function usage(problem: string | null | undefined): void {
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

/** A comma-separated list of numbers (`--sizes 10000,100000`). */
export const numberList = (text: string) => text.split(",").map((n) => Number(n.trim()));

// ── clean-up ────────────────────────────────────────────────────────────────

const cleanups: (() => Promise<void> | void)[] = [];

/** Runs at `cleanUp()`, last registered first. */
export function onCleanUp(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn?.();
    } catch (error) {
      console.error("clean-up step failed:", error);
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Runs `main`, then cleans up whatever it started, whether it succeeded or not. */
export async function runMain(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  } finally {
    await cleanUp();
  }
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ylt-${prefix}-`));
  onCleanUp(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
