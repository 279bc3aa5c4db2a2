// `npm start`: the build check (scripts/ensure-build.ts), then the server, in one Node process, so
// Node starts once and the modules both use load once (issue 21: first answer within 2 s of the
// command). package.json sets NODE_COMPILE_CACHE so that this file too comes compiled from disk.
import module from "node:module";
import { takeModuleResolutionFastPath } from "../src/server/module-resolution-fast-path.ts";

module.enableCompileCache?.();
takeModuleResolutionFastPath();
const { ensureBuild } = await import("./ensure-build.ts");
await ensureBuild();
await import("../src/server/main.ts");
