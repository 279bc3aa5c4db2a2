import { z } from "zod";
import { ERROR_CODES } from "./error-codes.ts";

/** The one error shape every API answer uses (DESIGN §3). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
