import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { liveSocket } from "../live/index.ts";
import { notificationKeys } from "./api/notification-keys.ts";

/**
 * The bell follows the tab's socket: a `notifications-changed` frame (an entry came or was read,
 * on any instance, in any tab) and every reconnect (frames may have been missed) read the count and
 * the list again. Mounted once, with the top bar.
 */
export function LiveNotificationUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const unsubscribeFrames = liveSocket.subscribe(["notifications-changed"], refetch);
    const unsubscribeStatus = liveSocket.onStatus((status) => {
      if (status === "open") refetch();
    });
    return () => {
      unsubscribeFrames();
      unsubscribeStatus();
    };
  }, [queryClient]);
  return null;
}
