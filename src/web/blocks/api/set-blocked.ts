import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { blockStateResponseSchema } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { refetchContent } from "../../api/query-keys.ts";
import { blocksQueryKey } from "./get-blocks.ts";

type BlockState = z.infer<typeof blockStateResponseSchema>;

/**
 * Blocks (PUT) or unblocks (DELETE) a member, both idempotent. What the viewer reads (feed, posts,
 * profiles, reviews) and the blocked list are refetched, so they follow at once.
 */
export function useSetBlocked(blocked: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      apiFetch<BlockState>(`/blocks/${encodeURIComponent(username)}`, {
        method: blocked ? "PUT" : "DELETE",
      }),
    onSuccess: () =>
      Promise.all([
        refetchContent(queryClient),
        queryClient.invalidateQueries({ queryKey: blocksQueryKey }),
      ]),
  });
}
