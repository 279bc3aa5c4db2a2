import { moderationQueryKey } from "../../api/query-keys.ts";

/** The moderators' reads, each under moderationQueryKey so one invalidation refreshes them all. */
export const moderationKeys = {
  queue: [...moderationQueryKey, "queue"] as const,
  count: [...moderationQueryKey, "count"] as const,
  hidden: [...moderationQueryKey, "hidden"] as const,
  log: [...moderationQueryKey, "log"] as const,
  suspended: [...moderationQueryKey, "suspended"] as const,
  member: (username: string) => [...moderationQueryKey, "member", username.toLowerCase()] as const,
};
