import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { canPublish } from "../../shared/policies.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { useSession } from "../auth/index.ts";
import { openLiveSocket } from "./live-socket.ts";
import { useRoomSocketOpen } from "./room-socket-presence.ts";

/**
 * Keeps this tab's live socket open while a member is signed in and the room's socket (which
 * brings the same frames) is not: one socket per tab. Reopened when the member changes. Draws nothing.
 */
export function LiveConnection() {
  const session = useSession();
  const queryClient = useQueryClient();
  const roomOpen = useRoomSocketOpen();
  const member = canPublish(session.data?.profile) ? (session.data?.user?.id ?? null) : null;
  const wanted = member !== null && !roomOpen;

  useEffect(() => {
    if (!wanted || member === null) return;
    return openLiveSocket({
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    });
  }, [wanted, member, queryClient]);
  return null;
}
