import { useQuery } from "@tanstack/react-query";
import { pushKeys } from "./api/push-keys.ts";
import { thisBrowserSubscription } from "./this-browser.ts";

/** The endpoint of this browser's push subscription; null when it has none. */
export const useThisDeviceEndpoint = () =>
  useQuery({
    queryKey: pushKeys.thisDevice,
    queryFn: async () => (await thisBrowserSubscription())?.endpoint ?? null,
  });
