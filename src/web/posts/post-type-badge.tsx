import { POST_TYPE_LABELS, type PostType } from "../../shared/post-types.ts";

/**
 * "Offering" or "Looking for" (issue 18), on cards, search results and the post page; drawn apart
 * from the topic's badge, and with a class of its own so `.badge` stays the topic.
 */
export function PostTypeBadge({ type }: { type: PostType }) {
  return <span className={`type-badge type-badge-${type}`}>{POST_TYPE_LABELS[type]}</span>;
}
