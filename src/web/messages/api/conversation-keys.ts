// The query cache's keys of direct messages (issue 17); every live frame and every change starts
// from `all`, so a refetch of everything conversational is one invalidation.
export const conversationKeys = {
  all: ["conversations"] as const,
  list: ["conversations", "list"] as const,
  unread: ["conversations", "unread"] as const,
  pages: ["conversations", "with"] as const,
  page: (username: string) => ["conversations", "with", username.toLowerCase()] as const,
};

/** The address of a conversation on the API, by the other member's username. */
export const conversationPath = (username: string) =>
  `/conversations/with/${encodeURIComponent(username)}`;
