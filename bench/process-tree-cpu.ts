/**
 * CPU time (user + system) used so far by a process and all its descendants, from Linux's /proc:
 * each live process's own time plus what its children that have already exited and been waited
 * for used (npm waits for its shell, the shell for the build check). Less sensitive to what else
 * runs on the machine than wall time. Undefined where there is no /proc.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  ticksPerSecond ??=
    Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return ticksPerSecond;
}

type Stat = { pid: number; ppid: number; ticks: number };

function readStat(pid: number): Stat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: the fields after it are
    // counted from its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime: fields 14 to 17
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { pid, ppid: Number(fields[1]), ticks };
  } catch {
    return undefined;
  }
}

export function processTreeCpuMs(rootPid: number): number | undefined {
  if (!fs.existsSync("/proc/self/stat")) return undefined;
  const stats = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is Stat => stat !== undefined);
  const children = new Map<number, Stat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const root = stats.find((stat) => stat.pid === rootPid);
  if (!root) return undefined;
  let ticks = 0;
  const pending = [root];
  for (let stat = pending.pop(); stat; stat = pending.pop()) {
    ticks += stat.ticks;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return (ticks * 1000) / clockTicks();
}
