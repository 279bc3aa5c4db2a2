import fs from "node:fs";

/** Process `pid`'s resident memory (RSS) in MB, from /proc (Linux only). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
