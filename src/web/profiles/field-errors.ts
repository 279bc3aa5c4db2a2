import type { z } from "zod";

/** Field messages keyed by top-level field ("skills.1" → "skills"), first message wins. */
export function topLevelFieldErrors(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split(".")[0] ?? path;
    errors[field] ??= message;
  }
  return errors;
}

/** The same, from a failed zod parse of a form's values. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  return topLevelFieldErrors(
    Object.fromEntries(error.issues.map((issue) => [issue.path.join("."), issue.message])),
  );
}
