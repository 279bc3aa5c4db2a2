import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { pushDevicesSchema } from "../../../shared/push.ts";
import { apiFetch } from "../../api/client.ts";
import { pushKeys } from "./push-keys.ts";

type PushDevices = z.infer<typeof pushDevicesSchema>;

/** GET /api/push/subscriptions: the member's devices with push on, newest first. */
export const listPushDevices = (signal?: AbortSignal) =>
  apiFetch<PushDevices>("/push/subscriptions", { signal }).then((data) => data.devices);

export const usePushDevices = () =>
  useQuery({ queryKey: pushKeys.devices, queryFn: ({ signal }) => listPushDevices(signal) });
