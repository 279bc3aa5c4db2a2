import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { canPublish } from "../../shared/policies.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { useSession } from "../auth/index.ts";
import { liveSocket } from "./live-socket.ts";

/**
 * Keeps the tab's socket open while a member is signed in, for their direct message frames on
 * every page (the room's claim, on /chatapp, adds the room to the same socket). When the server
 * says the session ended, the session is read again. Draws nothing.
 */
export function LiveConnection() {
  const session = useSession();
  const queryClient = useQueryClient();
  const member = canPublish(session.data?.profile) ? (session.data?.user?.id ?? null) : null;

  useEffect(() => {
    if (member === null) return;
    const unsubscribe = liveSocket.subscribe(["error"], (frame) => {
      if (frame.code === "session-ended") {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    });
    const release = liveSocket.claim({ identity: member, room: false });
    return () => {
      release();
      unsubscribe();
    };
  }, [member, queryClient]);
  return null;
}
