import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { blocksResponseSchema } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";

type BlocksResponse = z.infer<typeof blocksResponseSchema>;
export type BlockedMember = BlocksResponse["blocked"][number];

export const blocksQueryKey = ["blocks"] as const;

/** The members the viewer blocked, newest first (GET /api/blocks). */
export function useBlockedMembers() {
  return useQuery({
    queryKey: blocksQueryKey,
    queryFn: ({ signal }) => apiFetch<BlocksResponse>("/blocks", { signal }),
    select: ({ blocked }) => blocked,
  });
}
