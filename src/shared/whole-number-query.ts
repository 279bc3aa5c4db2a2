import { z } from "zod";

/**
 * A whole number from 1 to `max` read from a query string (a page size, a page number), `fallback`
 * when absent; every refusal says the same words.
 */
export function wholeNumberQuery(max: number, fallback: number) {
  const message = `must be a whole number from 1 to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback);
}
