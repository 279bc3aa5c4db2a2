import { z } from "zod";

/** A profile as anyone may see it (SPEC §3): no identity internals. */
export const publicProfileSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  img_url: z.string().nullable(),
  bio: z.string(),
  skills: z.array(z.string()),
  interests: z.array(z.string()),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
