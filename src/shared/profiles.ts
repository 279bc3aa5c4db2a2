import { z } from "zod";
import { areaIdSchema, areaSchema } from "./places.ts";
import { serviceInputSchema, serviceSchema } from "./service-details.ts";
import { PROFILE_SKILLS_MAX, SKILL_NAME_MAX } from "./skills.ts";
import { responsivenessSchema } from "./trust.ts";

/**
 * A profile as its viewer may see it (SPEC §3): no identity internals, and the email only when the
 * viewer may see it (policies.ts canSeeEmail).
 */
export const publicProfileSchema = z.object({
  username: z.string(),
  /** null when the profile has no email, or when it is hidden from this viewer (`email_hidden`). */
  email: z.string().nullable(),
  /** The profile has an email this viewer may not see: show it as hidden, never as missing. */
  email_hidden: z.boolean(),
  /** Whether signed-in members see the email: the owner's choice, answered to the owner only. */
  show_email: z.boolean().optional(),
  /** Search engines asked to leave the profile and its posts alone (issue 33): to the owner only. */
  noindex: z.boolean().optional(),
  img_url: z.string().nullable(),
  bio: z.string(),
  skills: z.array(z.string()),
  interests: z.array(z.string()),
  /** The member's town (issue 18); null until they choose one. Never coordinates. */
  area: areaSchema.nullable(),
  /** Rate, availability, travel distance and ways to reach the member (issue 32). */
  service: serviceSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

// ── profile page and editing (issue 5) ──────────────────────────────────────

export const BIO_MAX_LENGTH = 1000;

/**
 * A list of skills or interests: names from the skill list (issue 33: the server checks each against
 * the skills table, skills/skill-choices.ts), each at most once. The length is checked first (and
 * stops there); messages name the item by position and never repeat the input.
 */
export const skillListSchema = z
  .array(z.string().trim().max(SKILL_NAME_MAX, `Each must be at most ${SKILL_NAME_MAX} characters`))
  .max(PROFILE_SKILLS_MAX, {
    message: `Choose at most ${PROFILE_SKILLS_MAX} options`,
    abort: true,
  })
  .superRefine((values, ctx) => {
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (!value) {
        ctx.addIssue({ code: "custom", path: [index], message: `Item ${index + 1} is empty` });
      } else if (seen.has(value.toLowerCase())) {
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: `Item ${index + 1} is listed twice`,
        });
      }
      seen.add(value.toLowerCase());
    });
  });

/** A profile as its page shows it: the public profile plus its review count and average rating. */
export const profileDetailSchema = publicProfileSchema.extend({
  review_count: z.number().int(),
  /** How many of those reviews are contact-backed (issue 32): "12 reviews, 9 after a conversation". */
  contact_backed_count: z.number().int(),
  /** Rounded to one decimal; null while there are no reviews. */
  average_rating: z.number().nullable(),
  /** How the member answers direct messages, in coarse buckets (issue 32); null: too little to say. */
  responsiveness: responsivenessSchema.nullable(),
  /** Hidden by moderators: shown only to its owner and moderators; absent unless true. */
  hidden: z.boolean().optional(),
  /** The viewer blocked this member (they can unblock here); absent unless true. */
  blocked: z.boolean().optional(),
});
export type ProfileDetail = z.infer<typeof profileDetailSchema>;

export const profileDetailResponseSchema = z.object({ user: profileDetailSchema });

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(64) });

/**
 * PUT /api/users/:username (SPEC §7: bio, interests, skills, plus whether members see the email);
 * a field left out keeps its value.
 */
export const updateProfileBodySchema = z.object({
  bio: z
    .string()
    .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`)
    .optional(),
  skills: skillListSchema.optional(),
  interests: skillListSchema.optional(),
  show_email: z.boolean().optional(),
  /** Ask search engines to leave the profile and its posts alone (issue 33). */
  noindex: z.boolean().optional(),
  /** A place id from GET /api/places, or null to clear the area. */
  area_id: areaIdSchema.optional(),
  /** Service details: each field left out keeps its value, null clears it. */
  service: serviceInputSchema.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

// ── profile creation (issue 3) ──────────────────────────────────────────────

export const USERNAME_PATTERN = /^[a-z0-9_-]{3,30}$/;

/** A username as stored, for looking one up in any letter case: trimmed and lower-cased. */
export function storedUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** A username as stored: trimmed, lower-cased, 3–30 of a-z 0-9 _ - (SPEC §5, DESIGN §2). */
export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .toLowerCase()
  .min(1, "Username is required")
  .regex(USERNAME_PATTERN, "Use 3 to 30 of the letters a-z, digits 0-9, _ and -");

/** POST /api/users (SPEC §7: username, skills, interests) for an identity without a profile. */
export const createProfileBodySchema = z.object({
  username: usernameSchema,
  skills: skillListSchema.default([]),
  interests: skillListSchema.default([]),
  /** Optional service details (issue 32), as on an edit. */
  service: serviceInputSchema.optional(),
});
export type CreateProfileBody = z.input<typeof createProfileBodySchema>;

export const createProfileResponseSchema = z.object({ user: publicProfileSchema });
