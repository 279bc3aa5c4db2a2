import { z } from "zod";
import { POST_TYPE_LABELS } from "./post-types.ts";
import { searchPostsQuerySchema } from "./search.ts";

// Saved searches (issue 30): "Alert me" on a search of posts keeps its words and filters; a new
// post matching them notifies the member.

/**
 * How a match reaches the member besides the bell (which shows every match at once): by the usual
 * delayed mail, in a daily mail of matches, or in the weekly digest.
 */
export const SAVED_SEARCH_DELIVERIES = ["instant", "daily", "digest"] as const;
export type SavedSearchDelivery = (typeof SAVED_SEARCH_DELIVERIES)[number];

export const DELIVERY_LABELS: Record<SavedSearchDelivery, string> = {
  instant: "At once (and by mail if still unread)",
  daily: "In a daily mail",
  digest: "In the weekly digest (turn it on in Settings)",
};

/** More than this many saved searches per member is refused (400). */
export const SAVED_SEARCHES_MAX = 20;

const { q, type, topic, within, near } = searchPostsQuerySchema.shape;

/** POST /api/saved-searches: the posts search's words and filters, and how to deliver matches. */
export const createSavedSearchSchema = z.object({
  q,
  type,
  topic,
  within,
  near,
  delivery: z.enum(SAVED_SEARCH_DELIVERIES, {
    error: `must be one of ${SAVED_SEARCH_DELIVERIES.join(", ")}`,
  }),
});
export type CreateSavedSearch = z.input<typeof createSavedSearchSchema>;
export type CreateSavedSearchBody = z.output<typeof createSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int().positive(),
  q: z.string().nullable(),
  type: z.enum(["offering", "looking-for"]).nullable(),
  topic: z.string().nullable(),
  within: z.number().int().nullable(),
  near: z.number().int().nullable(),
  delivery: z.enum(SAVED_SEARCH_DELIVERIES),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchResponseSchema = z.object({ saved_search: savedSearchSchema });
export const savedSearchesResponseSchema = z.object({ saved_searches: z.array(savedSearchSchema) });

export const savedSearchIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** How a saved search is named in its list and in its notifications: "plumber", "Offering · garden". */
export function savedSearchLabel(search: Pick<SavedSearch, "q" | "type" | "topic" | "within">) {
  const parts = [
    search.q ? `“${search.q}”` : null,
    search.type ? POST_TYPE_LABELS[search.type] : null,
    search.topic ? `topic ${search.topic}` : null,
    search.within ? `within ${search.within} km` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(" · ") : "all new posts";
}
