import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";

// The answer of src/server/mail/mail-routes.ts (no shared schema for it yet).
type MailStatus = { available: boolean };

/** Whether this server can send mail (GET /api/auth/mail-status); it does not change while it runs. */
export const mailStatusQueryOptions = queryOptions({
  queryKey: ["auth", "mail-status"],
  queryFn: ({ signal }) => apiFetch<MailStatus>("/auth/mail-status", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * False only once the server said it sends no mail; while it answers, or when it cannot be asked,
 * the page offers its form and the sending route has the last word (503 mail-unavailable).
 */
export function useMailUnavailable(enabled = true): boolean {
  return useQuery({ ...mailStatusQueryOptions, enabled }).data?.available === false;
}
