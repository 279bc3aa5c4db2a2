import { readFileSync, writeFileSync } from "node:fs";

/** Prints `line` to standard error and exits 1. */
export function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/**
 * Keeps the text between `start` and `end` in `file` equal to `text`: with --write it writes it
 * there, otherwise it prints it (unless --quiet) and exits 1 when the file's differs, saying
 * `staleHint`. One way for every table a script generates into the docs.
 */
export function keepSection(
  name: string,
  {
    file,
    start,
    end,
    text,
    staleHint,
  }: {
    file: string;
    start: string;
    end: string;
    text: string;
    staleHint: string;
  },
): void {
  const doc = readFileSync(file, "utf8");
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) fail(`${name}: ${file} lacks the markers ${start} … ${end}.`);
  const current = doc.slice(from + start.length, to);
  const wanted = `\n${text}`;
  if (process.argv.includes("--write")) {
    if (current !== wanted)
      writeFileSync(file, doc.slice(0, from + start.length) + wanted + doc.slice(to));
    process.stdout.write(
      `${name}: ${file} ${current === wanted ? "already up to date" : "updated"}.\n`,
    );
    return;
  }
  if (!process.argv.includes("--quiet")) process.stdout.write(text);
  if (current !== wanted) fail(`${name}: ${staleHint}`);
}
