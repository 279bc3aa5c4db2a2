import type { QueryClient } from "@tanstack/react-query";
import { sessionQueryKey } from "../api/query-keys.ts";
import { forgetOfflineReads } from "../pwa/index.ts";
import { clearStoredUsername } from "./stored-username.ts";
import { SIGNED_OUT } from "./use-session.ts";

/**
 * After the server ended the session (signed out, account deleted): forgets the stored username
 * and the reads kept for offline use (issue 31), lets the caller leave the page (`beforeSignedOut`) before the session turns signed-out, so a
 * guarded page does not complain, then drops every cached read of the former account.
 */
export async function forgetSession(
  queryClient: QueryClient,
  beforeSignedOut: () => Promise<void> | void,
): Promise<void> {
  clearStoredUsername();
  await forgetOfflineReads().catch(() => undefined);
  await beforeSignedOut();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
}
