import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createReportBodySchema,
  createReportResponseSchema,
} from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { moderationQueryKey } from "../../api/query-keys.ts";

export type CreateReportBody = z.output<typeof createReportBodySchema>;
type CreateReportResponse = z.infer<typeof createReportResponseSchema>;

export const createReportMutationKey = ["reports", "create"] as const;

/** Reports an item to the moderators (POST /api/reports). */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createReportMutationKey,
    mutationFn: (body: CreateReportBody) =>
      apiFetch<CreateReportResponse>("/reports", { method: "POST", body }),
    // A moderator who reports sees the queue (and its count in the top bar) follow.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationQueryKey }),
  });
}
