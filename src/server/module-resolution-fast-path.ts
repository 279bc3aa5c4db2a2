/**
 * A shorter way through Node's module resolution for the server's start (issue 21: first answer
 * within 2 s of `npm start`). For every ES module it resolves, Node looks up the package's
 * package.json and re-parses its "exports" field, each time: drizzle-orm's package.json is 179 KB
 * and the server loads 112 of its modules, so loading the app cost ~1.1 s of CPU, of which about
 * half was parsing that one file again and again. Two resolve hooks (module.registerHooks, run in
 * this thread) answer the common cases from what they have seen, and leave everything else to Node:
 *
 * - a relative specifier that names a `.js` or `.mjs` file that exists, in a package whose nearest
 *   package.json says `"type": "module"` (or a `.mjs` file): that file, as an ES module, resolved
 *   through symbolic links as Node does;
 * - a package name imported from outside node_modules: what Node answered for the same name, the
 *   same conditions and a module of the same package scope before (such modules share their
 *   node_modules folders; a node_modules folder inside the app's own tree would break that).
 *
 * With `--preserve-symlinks` Node keeps symbolic links in resolved paths; then no shortcut is taken.
 */
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type Resolved = module.ResolveFnOutput;

/** The directory of the nearest package.json above each directory asked about, and its "type". */
const scopes = new Map<string, { root: string; type: unknown } | null>();

function packageScope(dir: string): { root: string; type: unknown } | null {
  const known = scopes.get(dir);
  if (known !== undefined) return known;
  let scope: { root: string; type: unknown } | null;
  const manifest = path.join(dir, "package.json");
  if (fs.existsSync(manifest)) {
    scope = {
      root: dir,
      type: (JSON.parse(fs.readFileSync(manifest, "utf8")) as { type?: unknown }).type,
    };
  } else {
    const parent = path.dirname(dir);
    scope = parent === dir || path.basename(dir) === "node_modules" ? null : packageScope(parent);
  }
  scopes.set(dir, scope);
  return scope;
}

const RELATIVE_MODULE = /^\.\.?\/.*\.m?js$/;
const NOT_A_PACKAGE_NAME = /^(\.|\/|#|[a-z][a-z0-9+.-]*:)/i;

/** `specifier` as a relative ES module file, or undefined when Node has to decide. */
function relativeModule(specifier: string, parentURL: string): Resolved | undefined {
  const url = new URL(specifier, parentURL);
  const file = fileURLToPath(url);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const real = fs.realpathSync(file);
  if (!real.endsWith(".mjs") && packageScope(path.dirname(real))?.type !== "module")
    return undefined;
  return {
    url: real === file ? url.href : pathToFileURL(real).href,
    format: "module",
    shortCircuit: true,
  };
}

/** Earlier answers for package names, by the importing module's package scope and conditions. */
const packagesResolved = new Map<string, Resolved>();

/** Where the answer for a package name imported by `parentURL` is kept, or undefined. */
function packageKey(specifier: string, context: module.ResolveHookContext): string | undefined {
  if (NOT_A_PACKAGE_NAME.test(specifier) || module.isBuiltin(specifier)) return undefined;
  const parentFile = fileURLToPath(context.parentURL ?? "");
  if (parentFile.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
  const scope = packageScope(path.dirname(parentFile));
  if (!scope) return undefined;
  const { conditions, importAttributes } = context;
  return [scope.root, specifier, conditions.join(), importAttributes.type ?? ""].join("\0");
}

const resolve: module.ResolveHookSync = (specifier, context, nextResolve) => {
  if (!context.parentURL?.startsWith("file:")) return nextResolve(specifier, context);
  let key: string | undefined;
  try {
    if (RELATIVE_MODULE.test(specifier)) {
      const resolved = relativeModule(specifier, context.parentURL);
      if (resolved) return resolved;
    } else {
      key = packageKey(specifier, context);
      const known = key === undefined ? undefined : packagesResolved.get(key);
      if (known) return known;
    }
  } catch {
    // Anything unusual (an odd URL, an unreadable package.json): Node's own answer, or its error.
    key = undefined;
  }
  const resolved = nextResolve(specifier, context);
  if (key !== undefined) packagesResolved.set(key, { ...resolved, shortCircuit: true });
  return resolved;
};

let registered = false;

/** Registers the hooks once for this process; modules loaded before are not affected. */
export function takeModuleResolutionFastPath(): void {
  if (registered || process.execArgv.includes("--preserve-symlinks")) return;
  if (process.env.NODE_PRESERVE_SYMLINKS === "1") return;
  registered = true;
  module.registerHooks({ resolve });
}
