/**
 * Reads a V8 CPU profile (`node --cpu-prof`, or `api-ratio.ts --cpu-prof <dir>`) and prints where
 * the time went: self time per function and per package or file, and inclusive time per function.
 *
 *   npx node bench/profile-top.ts <file.cpuprofile> [--top 30]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "30" } },
});
const [file] = positionals;
if (!file) {
  console.error("usage: node bench/profile-top.ts <file.cpuprofile> [--top 30]");
  process.exit(1);
}
const top = Number(values.top);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

const here = `${process.cwd()}/`;
const place = (url: string) =>
  url
    .replace(/.*node_modules\//, "nm:")
    .replace(`file://${here}`, "")
    .replace(here, "");
const functionKey = ({ functionName, url, lineNumber }: CallFrame) =>
  `${functionName || "(anonymous)"} ${place(url)}:${lineNumber + 1}`;
const packageKey = ({ functionName, url }: CallFrame) => {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const inPackage = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  return inPackage?.[1] ?? place(url);
};

let total = 0;
const sampled = new Map<number, number>();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  sampled.set(id, (sampled.get(id) ?? 0) + dt);
  total += dt;
});

const self = new Map<string, number>();
const byPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (map: Map<string, number>, key: string, t: number) =>
  map.set(key, (map.get(key) ?? 0) + t);
for (const [id, t] of sampled) {
  const frame = nodes.get(id)?.callFrame;
  if (!frame) continue;
  add(self, functionKey(frame), t);
  add(byPackage, packageKey(frame), t);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const key = functionKey((nodes.get(at) as ProfileNode).callFrame);
    if (!seen.has(key)) add(inclusive, key, t);
    seen.add(key);
  }
}

function show(title: string, map: Map<string, number>): void {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
}
show("Self time by function", self);
show("Self time by package or file", byPackage);
show("Inclusive time by function", inclusive);
