import { z } from "zod";
import { ROW_ID_PATTERN } from "./constants.ts";
import { areaIdSchema, areaSchema, distanceFilterSchema } from "./places.ts";
import { POST_TYPE_DEFAULT, POST_TYPES } from "./post-types.ts";
import { rateSchema } from "./service-details.ts";
import { wholeNumberQuery } from "./whole-number-query.ts";

/*
 * One name in code: a **post** (PostRow, presentPost, PostCard, post-cache.ts …). The SPEC's word
 * "article" stays where the SPEC puts it, and only there: the routes `/articles/{article_id}` and
 * `/api/articles`, the JSON keys `article` and `articles` of the schemas below, the `article_id`
 * parameter, and the SQL table `articles` (schema.ts maps it to `posts`).
 */

/** Limits of a post, in characters (code points, so an emoji counts once). */
export const POST_LIMITS = { title: 120, topic: 40, body: 5_000 } as const;
export const POSTS_PAGE_DEFAULT = 20;
export const POSTS_PAGE_MAX = 100;

/** How long a post stays in the feed and search (issue 32, decision 029): chosen when posting. */
export const POST_EXPIRY_DAYS = [30, 60, 90] as const;
export type PostExpiryDays = (typeof POST_EXPIRY_DAYS)[number];
export const POST_EXPIRY_DEFAULT_DAYS: PostExpiryDays = 60;
/** What Keep (the reminder mail's link) and Renew (the expired post's page) give: 60 more days. */
export const POST_RENEW_DAYS = 60;
/** How long before a post expires its author is asked "Still offering …?". */
export const POST_REMINDER_DAYS_BEFORE = 3;

function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** A required text field: trimmed, 1–max characters, per-field messages the form shows as they are. */
function requiredText(label: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required.`
          : `${label} must be text.`,
    })
    .trim()
    .min(1, `${label} is required.`)
    .refine((value) => codePointLength(value) <= max, `${label} must be at most ${max} characters.`)
    .refine((value) => !value.includes("\u0000"), `${label} must not contain NUL characters.`);
}

// What a post is (issue 18, decision 012): post-types.ts, apart so that cards load no zod.
export {
  POST_TYPE_DEFAULT,
  POST_TYPE_LABELS,
  POST_TYPES,
  type PostType,
} from "./post-types.ts";

/**
 * POST /api/articles. Any other field (a `username` too) is dropped: the author is the session.
 * `area_id` absent: the author's area (none if they have none); null: no area.
 */
export const createPostSchema = z.object({
  title: requiredText("Title", POST_LIMITS.title),
  topic: requiredText("Topic", POST_LIMITS.topic),
  body: requiredText("Body", POST_LIMITS.body),
  type: z
    .enum(POST_TYPES, { error: "Type must be Offering or Looking for." })
    .default(POST_TYPE_DEFAULT),
  area_id: areaIdSchema.optional(),
  /** Absent: POST_EXPIRY_DEFAULT_DAYS. */
  expires_in_days: z
    .union(
      POST_EXPIRY_DAYS.map((days) => z.literal(days)),
      { error: "Expiry must be 30, 60 or 90 days." },
    )
    .optional(),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

/**
 * PATCH /api/articles/{article_id} (issue 19), the author only: the fields to change, validated as
 * when creating; at least one. `area_id` null clears the area. Marking filled is not an edit (PUT and
 * DELETE /api/articles/{article_id}/filled), and neither is moving the expiry (POST
 * /api/articles/{article_id}/renew).
 */
export const updatePostSchema = createPostSchema
  .omit({ expires_in_days: true })
  .extend({ type: z.enum(POST_TYPES, { error: "Type must be Offering or Looking for." }) })
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    error: "Change at least one of title, topic, body, type or area.",
  });
export type UpdatePostInput = z.input<typeof updatePostSchema>;

/** A post as the API answers it (SPEC §3 plus created_at). */
export const postSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  topic: z.string(),
  body: z.string(),
  username: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  type: z.enum(POST_TYPES),
  /** Where the post is about (the author's area by default); null when it has none. */
  area: areaSchema.nullable(),
  /** Rounded km from the distance filter's centre (places.ts); only when the request had one. */
  distance_km: z.number().optional(),
  /** Hidden by moderators: answered only to its author and moderators; absent unless true. */
  hidden: z.boolean().optional(),
  /** ISO 8601: when its author last edited it (not when they marked it filled); absent if never. */
  edited_at: z.string().optional(),
  /** ISO 8601: when its author marked it filled; absent while open. */
  filled_at: z.string().optional(),
  /** ISO 8601: when it leaves the feed and search (issue 32). */
  expires_at: z.string(),
  /** True once expired (its page says so); absent while it runs. */
  expired: z.boolean().optional(),
  /**
   * The author's photo (their profile's img_url, issue 20) for avatars on cards; absent when they
   * have none but the generated avatar (draw their initials, avatar.ts).
   */
  author_img_url: z.string().optional(),
  /** The author's rate (issue 32, service-details.ts); absent when they set none. */
  author_rate: rateSchema.optional(),
});
export type Post = z.infer<typeof postSchema>;

/** GET /api/articles: newest first, `cursor` is the previous answer's opaque `nextCursor`. */
export const listPostsQuerySchema = z.object({
  limit: wholeNumberQuery(POSTS_PAGE_MAX, POSTS_PAGE_DEFAULT),
  cursor: z.string().max(200, "is not a valid cursor").optional(),
  /** Case-insensitive; blank means every topic. */
  topic: z
    .string()
    .trim()
    .max(POST_LIMITS.topic, `must be at most ${POST_LIMITS.topic} characters`)
    .optional(),
  type: z.enum(POST_TYPES, { error: `must be one of ${POST_TYPES.join(", ")}` }).optional(),
  /** The distance filter (places.ts distanceFilterSchema): newest first still. */
  ...distanceFilterSchema.shape,
});
export type ListPostsQuery = z.input<typeof listPostsQuerySchema>;

export const postsPageSchema = z.object({
  articles: z.array(postSchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PostsPage = z.infer<typeof postsPageSchema>;

export const postResponseSchema = z.object({ article: postSchema });
export type PostResponse = z.infer<typeof postResponseSchema>;

export const postParamsSchema = z.object({
  article_id: z.string().regex(ROW_ID_PATTERN, "must be a positive whole number"),
});

/** GET /api/users/{username}/articles: the member's open posts, or their past (filled or expired) ones. */
export const memberPostsQuerySchema = z.object({
  state: z.enum(["open", "past"], { error: "must be open or past" }).default("open"),
  limit: wholeNumberQuery(POSTS_PAGE_MAX, 10),
  cursor: z.string().max(200, "is not a valid cursor").optional(),
});
export type MemberPostsQuery = z.input<typeof memberPostsQuerySchema>;
export const memberPostsParamsSchema = z.object({ username: z.string().min(1).max(100) });
