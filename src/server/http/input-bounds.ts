import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.ts";

/**
 * No request of this API carries a list of more than a handful of items (skills and interests
 * have 7 options). Texts need no bound here: each schema checks a text's length as a whole, with
 * its own message, and the 64 KB body limit bounds them anyway.
 */
export const MAX_ARRAY_ITEMS = 100;
/** Request bodies are flat objects; deep nesting is only ever an attack (and recursion here). */
export const MAX_DEPTH = 8;

/**
 * Only what JSON and query parsing make is walked: arrays and plain objects. A Buffer (an image
 * upload's bytes) is an object too, and walking its 5 million entries held the event loop ~2 s
 * and ~500 MB of heap per upload (issue 28, item 1).
 */
function isParsedStructure(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The first place where `value` breaks the bounds, as a field name and message; null if none. */
export function outOfBounds(value: unknown, path = "", depth = 0): [string, string] | null {
  const name = path || "input";
  if (!isParsedStructure(value)) return null;
  if (depth >= MAX_DEPTH) return [name, "is nested too deeply"];
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) return [name, `must have at most ${MAX_ARRAY_ITEMS} items`];
    return firstOutOfBounds(value.entries(), path, depth);
  }
  return firstOutOfBounds(
    Object.entries(value).map(([key, item]) => [key.slice(0, 40), item] as const),
    path,
    depth,
  );
}

/** The first of the items (named by index or cut key) that breaks the bounds; null if none. */
function firstOutOfBounds(
  items: Iterable<readonly [string | number, unknown]>,
  path: string,
  depth: number,
): [string, string] | null {
  for (const [key, item] of items) {
    const found = outOfBounds(item, path ? `${path}.${key}` : String(key), depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Array lengths and nesting are checked, cheaply and once, before the schemas validate element by
 * element: a 64 KB list of 30,000 bad items is one short refusal, not 30,000 checks and messages.
 */
export function registerInputBounds(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const found = outOfBounds(request.body) ?? outOfBounds(request.query);
    if (!found) return;
    const [field, message] = found;
    throw new AppError(400, "invalid-input", `Please check your input (${field}: ${message}).`, {
      fields: { [field]: message },
    });
  });
}
