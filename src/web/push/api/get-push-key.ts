import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { pushKeySchema } from "../../../shared/push.ts";
import { apiFetch } from "../../api/client.ts";
import { pushKeys } from "./push-keys.ts";

type PushKey = z.infer<typeof pushKeySchema>;

/** GET /api/push/key: the server's VAPID public key, read once when a device turns push on. */
export const pushKeyQuery = queryOptions({
  queryKey: pushKeys.key,
  queryFn: ({ signal }) => apiFetch<PushKey>("/push/key", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});
