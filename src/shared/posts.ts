import { z } from "zod";

/** Limits of a post, in characters (code points, so an emoji counts once). */
export const ARTICLE_LIMITS = { title: 120, topic: 40, body: 5_000 } as const;
export const ARTICLES_PAGE_DEFAULT = 20;
export const ARTICLES_PAGE_MAX = 100;

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

/** POST /api/articles. Any other field (a `username` too) is dropped: the author is the session. */
export const createArticleSchema = z.object({
  title: requiredText("Title", ARTICLE_LIMITS.title),
  topic: requiredText("Topic", ARTICLE_LIMITS.topic),
  body: requiredText("Body", ARTICLE_LIMITS.body),
});
export type CreateArticleInput = z.input<typeof createArticleSchema>;

/** A post as the API answers it (SPEC §3 plus created_at). */
export const articleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  topic: z.string(),
  body: z.string(),
  username: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** GET /api/articles: newest first, `cursor` is the previous answer's opaque `nextCursor`. */
export const listArticlesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${ARTICLES_PAGE_MAX}` })
    .int(`must be a whole number from 1 to ${ARTICLES_PAGE_MAX}`)
    .min(1, `must be a whole number from 1 to ${ARTICLES_PAGE_MAX}`)
    .max(ARTICLES_PAGE_MAX, `must be a whole number from 1 to ${ARTICLES_PAGE_MAX}`)
    .default(ARTICLES_PAGE_DEFAULT),
  cursor: z.string().max(200, "is not a valid cursor").optional(),
  /** Case-insensitive; blank means every topic. */
  topic: z
    .string()
    .trim()
    .max(ARTICLE_LIMITS.topic, `must be at most ${ARTICLE_LIMITS.topic} characters`)
    .optional(),
});
export type ListArticlesQuery = z.input<typeof listArticlesQuerySchema>;

export const articlesPageSchema = z.object({
  articles: z.array(articleSchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ArticlesPage = z.infer<typeof articlesPageSchema>;

export const articleResponseSchema = z.object({ article: articleSchema });
export type ArticleResponse = z.infer<typeof articleResponseSchema>;

/** Post ids are positive whole numbers (kept within JavaScript's safe integers). */
export const ARTICLE_ID_PATTERN = /^[1-9][0-9]{0,14}$/;
export const articleParamsSchema = z.object({
  article_id: z.string().regex(ARTICLE_ID_PATTERN, "must be a positive whole number"),
});
