import type { z } from "zod";
import type { moderatedItemSchema, ReportTarget } from "../../../shared/moderation.ts";
import { apiFetch } from "../../api/client.ts";
import { useModerationMutation } from "./use-moderation-mutation.ts";

export type ItemAction = "dismiss" | "hide" | "restore";
type ItemActionAnswer = { item: z.infer<typeof moderatedItemSchema> };

export type ItemActionInput = { target: ReportTarget; action: ItemAction; reason: string };

/** Dismisses the reports on an item, hides it or restores it (POST /api/moderation/items/…). */
export function useItemAction() {
  return useModerationMutation(({ target, action, reason }: ItemActionInput) =>
    apiFetch<ItemActionAnswer>(
      `/moderation/items/${target.type}/${encodeURIComponent(target.id)}/${action}`,
      { method: "POST", body: { reason } },
    ),
  );
}
