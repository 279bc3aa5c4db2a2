import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PushDevice } from "../../shared/push.ts";
import { pushKeys } from "./api/push-keys.ts";
import { removePushDevice } from "./api/remove-push-device.ts";
import { thisBrowserSubscription } from "./this-browser.ts";

/** Removes one of the member's devices; this device's own subscription is dropped with it. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      await removePushDevice(device.id);
      const here = await thisBrowserSubscription();
      if (here?.endpoint === device.endpoint) await here.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}
