import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { hiddenResponseSchema } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { moderationKeys } from "./moderation-keys.ts";

type HiddenResponse = z.infer<typeof hiddenResponseSchema>;

/** What is hidden now, most recently hidden first (GET /api/moderation/hidden). */
export function useHiddenItems() {
  return useQuery({
    queryKey: moderationKeys.hidden,
    queryFn: ({ signal }) => apiFetch<HiddenResponse>("/moderation/hidden", { signal }),
    select: ({ items }) => items,
  });
}
