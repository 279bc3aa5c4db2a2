import { z } from "zod";

// Trust and safety (issue 16): reports, the moderators' queue and log, suspensions, blocks.

/** What can be reported and moderated. A profile is named by its username on the wire. */
export const REPORT_TARGET_TYPES = [
  "post",
  "review",
  "review-reply",
  "profile",
  "message",
  "direct-message",
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ["spam", "harassment", "scam", "inappropriate", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the report form and the queue call each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment",
  scam: "Scam or fraud",
  inappropriate: "Inappropriate",
  other: "Other",
};

export const REPORT_NOTE_MAX_LENGTH = 500;
export const MODERATION_REASON_MAX_LENGTH = 500;

/**
 * An item: a post, review or chat message by its id (digits), a review's reply by its review's id,
 * a profile by its username.
 */
export const reportTargetSchema = z.object({
  type: z.enum(REPORT_TARGET_TYPES),
  id: z.string().trim().min(1).max(64),
});
export type ReportTarget = z.infer<typeof reportTargetSchema>;

/** POST /api/reports */
export const createReportBodySchema = z.object({
  target: reportTargetSchema,
  reason: z.enum(REPORT_REASONS, "Choose a reason"),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, `The note must be at most ${REPORT_NOTE_MAX_LENGTH} characters`)
    .default(""),
});
export type CreateReportInput = z.input<typeof createReportBodySchema>;

/** The notice a reporter reads after reporting (the reporter is never told who acted). */
export const REPORT_RECEIVED_TEXT = "Thanks. Moderators will look at it.";
/**
 * The same, on a site whose operator named no moderator yet (ADMIN_EMAILS empty, issue 34): the
 * report is kept and counts as any other, but saying someone will look would be untrue.
 */
export const REPORT_RECEIVED_UNMODERATED_TEXT =
  "Thanks, your report is recorded. This site has no moderators yet, so nobody will review it until the site's operator adds one.";

export const createReportResponseSchema = z.object({
  report: z.object({ id: z.number().int(), status: z.literal("open") }),
  message: z.string(),
});

// ── the queue (moderators only) ─────────────────────────────────────────────

/** The reported item as the queue shows it, in context. */
export const moderatedItemSchema = z.object({
  target: reportTargetSchema,
  /** The item's author. `suspended_until`: ISO time, "indefinite", or null when not suspended. */
  author: z.object({
    username: z.string(),
    suspended_until: z.string().nullable(),
  }),
  /** A post's or review's title; a profile's username; null for a chat message. */
  title: z.string().nullable(),
  /** A post's or review's body, a chat message's text, a profile's bio. */
  text: z.string(),
  /** Where the item lives in the app: /articles/42, /user/ana (a chat message: /chatapp). */
  path: z.string(),
  created_at: z.string(),
  hidden: z.boolean(),
  /**
   * A direct message's context (issue 17): up to 5 earlier messages of its conversation, oldest
   * first. Moderators read a private conversation only this far, and only when it was reported.
   */
  context: z.array(z.object({ sender: z.string(), text: z.string() })).optional(),
});
export type ModeratedItem = z.infer<typeof moderatedItemSchema>;

export const queueEntrySchema = moderatedItemSchema.extend({
  /** Different members with an open report on the item. */
  report_count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** The reporters' non-empty notes, oldest first (never who wrote them). */
  notes: z.array(z.string()),
  first_reported_at: z.string(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** GET /api/moderation/queue: items with open reports, oldest first report first. */
export const queueResponseSchema = z.object({ items: z.array(queueEntrySchema) });
/** GET /api/moderation/count: how many items wait (the top bar's count). */
export const queueCountResponseSchema = z.object({ open: z.number().int() });
/** GET /api/moderation/hidden: items hidden now, newest first, each with a Restore. */
export const hiddenResponseSchema = z.object({ items: z.array(moderatedItemSchema) });

/** The body of POST /api/moderation/items/:type/:id/{dismiss|hide|restore}. */
export const moderationActionBodySchema = z.object({
  reason: z.string().trim().max(MODERATION_REASON_MAX_LENGTH).default(""),
});

export const SUSPENSION_DURATIONS = ["day", "week", "indefinite"] as const;
export type SuspensionDuration = (typeof SUSPENSION_DURATIONS)[number];

/** POST /api/moderation/members/:username/suspend */
export const suspendBodySchema = z.object({
  duration: z.enum(SUSPENSION_DURATIONS),
  /** Also hide everything the member wrote (posts, reviews, chat messages, profile). */
  hide_content: z.boolean().default(false),
  reason: z.string().trim().max(MODERATION_REASON_MAX_LENGTH).default(""),
});
export type SuspendInput = z.input<typeof suspendBodySchema>;

export const suspensionResponseSchema = z.object({
  username: z.string(),
  suspended_until: z.string().nullable(),
});

/** What moderators do to the skill vocabulary (issue 33), as log actions. */
export const SKILL_LOG_ACTIONS = [
  "add-skill",
  "rename-skill",
  "edit-skill-synonyms",
  "retire-skill",
  "restore-skill",
] as const;
export type SkillLogAction = (typeof SKILL_LOG_ACTIONS)[number];

export const MODERATION_ACTIONS = [
  "dismiss",
  "hide",
  "restore",
  "auto-hide",
  "suspend",
  "lift-suspension",
  ...SKILL_LOG_ACTIONS,
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** One line of the moderation log: who (null: the reports threshold), what, when, why. */
export const logEntrySchema = z.object({
  id: z.number().int(),
  moderator: z.string().nullable(),
  action: z.enum(MODERATION_ACTIONS),
  /** A skill (issue 33) is named by its name at the time. */
  target: z.object({
    type: z.enum([...REPORT_TARGET_TYPES, "member", "skill"]),
    id: z.string(),
  }),
  subject: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** GET /api/moderation/log?before=<id>: newest first, 50 a page. */
export const logQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });
export const logResponseSchema = z.object({
  entries: z.array(logEntrySchema),
  next_before: z.number().int().nullable(),
});

// ── blocks ───────────────────────────────────────────────────────────────────

export const blockedMemberSchema = z.object({
  username: z.string(),
  img_url: z.string().nullable(),
  blocked_at: z.string(),
});
/** GET /api/blocks: the viewer's blocked members, newest first. */
export const blocksResponseSchema = z.object({ blocked: z.array(blockedMemberSchema) });
/** PUT and DELETE /api/blocks/:username answer the state after the call (both idempotent). */
export const blockStateResponseSchema = z.object({ username: z.string(), blocked: z.boolean() });

/** A suspended member as /moderation lists them: `suspended_until` an ISO time or "indefinite". */
export const suspendedMemberSchema = z.object({
  username: z.string(),
  suspended_until: z.string(),
});
export type SuspendedMember = z.infer<typeof suspendedMemberSchema>;

/**
 * GET /api/moderation/suspended (issue 34): who is suspended now, the soonest to end first and
 * those suspended until lifted last, so a suspension whose report is closed can still be lifted.
 */
export const suspendedResponseSchema = z.object({ members: z.array(suspendedMemberSchema) });
