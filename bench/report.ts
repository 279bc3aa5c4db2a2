/** What a benchmark prints: the machine, markdown rows, percentiles, and CPU time read from /proc. */
import fs from "node:fs";
import os from "node:os";

export const CORES = os.cpus().length;

export function machineLine(): string {
  const [one, five] = os.loadavg();
  return (
    `Node ${process.version}, ${CORES} cores (${os.cpus()[0]?.model.trim() ?? "?"}), ` +
    `load average ${one?.toFixed(2)} (1 min) ${five?.toFixed(2)} (5 min)`
  );
}

export function markdownRow(cells: (string | number)[]): string {
  return `| ${cells.join(" | ")} |`;
}

export function markdownHeader(cells: string[]): string {
  return `${markdownRow(cells)}\n|${cells.map(() => "---").join("|")}|`;
}

/** A markdown table: the header, then a line a row. */
export function printTable(header: string[], rows: (string | number)[][]): void {
  console.log([markdownHeader(header), ...rows.map(markdownRow)].join("\n"));
}

/** The nearest-rank `p`-th percentile of `sorted` (ascending); 0 when empty. */
export function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
  );
}

/** CPU time (user + system, all threads) process `pid` has used so far, in ms; null if unreadable. */
export function cpuMs(pid: number | undefined): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = stat.split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The 1-minute load average, two decimals. */
export const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(2);
