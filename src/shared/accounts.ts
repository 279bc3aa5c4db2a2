import { z } from "zod";
import { areaSchema } from "./places.ts";
import { POST_TYPES } from "./posts.ts";
import { savedSearchSchema } from "./saved-searches.ts";
import { serviceSchema } from "./service-details.ts";

/**
 * Accounts and email (issue 15): the bodies and answers of verification, password reset, settings,
 * sessions, export and deletion. Like the sign-up form, the routes check an email's form and a
 * password's strength themselves, to answer their specific codes.
 */

const emailInput = z.string().max(1000);
const passwordInput = z.string().max(4096);

/** A one-time link's token as the page read it from `?token=`; a bad one is 400 invalid-token. */
const tokenInput = z.string().max(1000);

/** POST /api/auth/verify-email (also confirms a new address, for a change-email link). */
export const verifyEmailBodySchema = z.object({ token: tokenInput });

/** POST /api/auth/forgot-password */
export const forgotPasswordBodySchema = z.object({ email: emailInput });

/** POST /api/auth/reset-password: the new password follows the sign-up policy. */
export const resetPasswordBodySchema = z.object({ token: tokenInput, password: passwordInput });

/** PUT /api/me/password */
export const changePasswordBodySchema = z.object({
  currentPassword: passwordInput,
  newPassword: passwordInput,
});

/** PUT /api/me/email: the current password, unless the account signs in with Google only. */
export const changeEmailBodySchema = z.object({
  email: emailInput,
  currentPassword: passwordInput.optional(),
});

/** DELETE /api/me: the password, unless the account signs in with Google only (then no body). */
export const deleteAccountBodySchema = z.object({ password: passwordInput.optional() }).nullish();

/** What a mail-sending route answers (202): sent, or not, without saying which (forgot-password). */
export const mailSentResponseSchema = z.object({ sent: z.literal(true) });

/** One signed-in browser as the settings page lists it. */
export const sessionSchema = z.object({
  /** The session's public id (never its token). */
  id: z.string(),
  /** A short name from the User-Agent at sign-in, such as "Chrome on Linux". */
  browser: z.string(),
  createdAt: z.string(),
  /** Updated at most every few minutes. */
  lastUsedAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const sessionParamsSchema = z.object({ id: z.string().max(100) });

/** How long a Google-only account's sign-in counts as recent enough to delete the account. */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

/** How long a deleted account's username stays unavailable to anyone else. */
export const RETIRED_USERNAME_DAYS = 90;

/** GET /api/me/export: everything the service keeps about the account, as a JSON download. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
  }),
  profile: z
    .object({
      username: z.string(),
      email: z.string().nullable(),
      showEmail: z.boolean(),
      imgUrl: z.string().nullable(),
      bio: z.string(),
      skills: z.array(z.string()),
      interests: z.array(z.string()),
      /** The chosen town (issue 18): the place, never more than the profile shows. */
      area: areaSchema.nullable(),
      /** Rate, availability, travel distance, ways to reach and phone (issue 32). */
      service: serviceSchema,
      createdAt: z.string(),
    })
    .nullable(),
  posts: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      topic: z.string(),
      body: z.string(),
      type: z.enum(POST_TYPES),
      area: areaSchema.nullable(),
      createdAt: z.string(),
      /** When it leaves (or left) the feed and search (issue 32). */
      expiresAt: z.string(),
    }),
  ),
  reviewsWritten: z.array(
    z.object({
      about: z.string(),
      title: z.string(),
      body: z.string(),
      rating: z.number(),
      createdAt: z.string(),
    }),
  ),
  reviewsReceived: z.array(
    z.object({
      by: z.string(),
      title: z.string(),
      body: z.string(),
      rating: z.number(),
      createdAt: z.string(),
    }),
  ),
  chatMessages: z.array(z.object({ id: z.number(), text: z.string(), createdAt: z.string() })),
  /** Direct messages the member wrote (issue 17), each with the other member's username. */
  directMessages: z.array(z.object({ with: z.string(), text: z.string(), createdAt: z.string() })),
  sessions: z.array(sessionSchema.omit({ id: true })),
  /** Issue 30: the member's notifications, each as its sentence, and their settings. */
  notifications: z.array(
    z.object({
      text: z.string(),
      link: z.string(),
      count: z.number(),
      at: z.string(),
      read: z.boolean(),
    }),
  ),
  notificationSettings: z.array(
    z.object({ topic: z.string(), channel: z.string(), enabled: z.boolean() }),
  ),
  savedSearches: z.array(savedSearchSchema.omit({ id: true })),
  /** Issue 31: the devices push is on for, by their words and date (not their keys). */
  pushDevices: z.array(z.object({ label: z.string(), created_at: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
