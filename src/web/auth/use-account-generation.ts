import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { MeResponse } from "../../shared/identity.ts";
import { followSessionAccount } from "../api/client.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { useSession } from "./use-session.ts";

/**
 * Counts the times the account under this tab changed from one to another (issue 20: switched in
 * another tab), worked out while rendering so the screens of the former account are never drawn for
 * the new one: AppRoutes keys the routes on it, so a draft written as one member is dropped rather
 * than sent as the other. Sign-in and sign-out are no switch (their pages go on by themselves).
 * Also tells api/client.ts which account this tab shows: every write says so, and the server
 * refuses it (409 session-changed) when the cookie is another's; the session is then read again.
 */
export function useAccountGeneration(): number {
  const queryClient = useQueryClient();
  const session = useSession();
  const account = session.data ? (session.data.user?.id ?? null) : undefined;
  const [seen, setSeen] = useState({ account, generation: 0 });
  if (account !== undefined && account !== seen.account) {
    const switched = typeof seen.account === "string" && account !== null;
    setSeen({ account, generation: seen.generation + (switched ? 1 : 0) });
  }
  useEffect(() => {
    followSessionAccount({
      account: () => queryClient.getQueryData<MeResponse>(sessionQueryKey)?.user?.id ?? null,
      changed: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    });
  }, [queryClient]);
  return seen.generation;
}
