// Copies the template's data directory into a new one, off the main thread: creating its thousand
// files is most of a first start's cost, and meanwhile the main thread loads the app's modules.
import fs from "node:fs";
import path from "node:path";
import { workerData } from "node:worker_threads";

const { from, to, marker } = workerData as { from: string; to: string; marker: string };
fs.mkdirSync(to, { recursive: true });
for (const entry of fs.readdirSync(from))
  if (entry !== marker)
    fs.cpSync(path.join(from, entry), path.join(to, entry), { recursive: true });
// The marker last: a copy cut short (kill -9, power loss) is no database yet, and is made again.
fs.copyFileSync(path.join(from, marker), path.join(to, marker));
