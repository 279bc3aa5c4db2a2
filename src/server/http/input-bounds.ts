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

/** The first place where `value` breaks the bounds, as a field name and message; null if none. */
export function outOfBounds(value: unknown, path = "", depth = 0): [string, string] | null {
  const name = path || "input";
  if (typeof value !== "object" || value === null) return null;
  if (depth >= MAX_DEPTH) return [name, "is nested too deeply"];
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) return [name, `must have at most ${MAX_ARRAY_ITEMS} items`];
    for (let i = 0; i < value.length; i++) {
      const found = outOfBounds(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const field = key.slice(0, 40);
    const found = outOfBounds(item, path ? `${path}.${field}` : field, depth + 1);
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
