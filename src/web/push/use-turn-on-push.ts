import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addPushDevice } from "./api/add-push-device.ts";
import { pushKeyQuery } from "./api/get-push-key.ts";
import { pushKeys } from "./api/push-keys.ts";
import { pushTexts } from "./push-texts.ts";
import { PushRefused, pushSupported, subscribeThisBrowser } from "./this-browser.ts";

/**
 * "Turn on notifications on this device": the browser asks for permission (on this click only:
 * first, while the click still counts as one), subscribes with the server's key, and the server
 * keeps the subscription. Refused by the server, the browser's subscription is dropped again.
 */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!pushSupported()) throw new PushRefused(pushTexts.unsupported);
      const permission = await Notification.requestPermission();
      if (permission === "denied") throw new PushRefused(pushTexts.blocked);
      if (permission !== "granted") throw new PushRefused(pushTexts.dismissed);
      const publicKey = await queryClient.fetchQuery(pushKeyQuery).then((data) => data.publicKey);
      const subscription = await subscribeThisBrowser(publicKey);
      try {
        return await addPushDevice(subscription.toJSON());
      } catch (error) {
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}
