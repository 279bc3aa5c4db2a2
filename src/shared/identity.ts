import { z } from "zod";
import { publicProfileSchema } from "./profiles.ts";

/** The signed-in identity (SPEC §3: uid, displayName, photoURL). */
export const identitySchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** Whether the account proved it receives mail at `email` (a link, or Google's verified claim). */
  emailVerified: z.boolean(),
});
export type IdentityDto = z.infer<typeof identitySchema>;

export const meResponseSchema = z.object({
  user: identitySchema.nullable(),
  profile: publicProfileSchema.nullable(),
  /** Present, and true, only for a moderator (issue 16: ADMIN_EMAILS, decided by the server). */
  moderator: z.literal(true).optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
