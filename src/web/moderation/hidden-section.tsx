import { useId } from "react";
import type { ModeratedItem } from "../../shared/moderation.ts";
import { notify } from "../ui/notify.tsx";
import { useItemAction } from "./api/act-on-item.ts";
import { useHiddenItems } from "./api/get-hidden.ts";
import { ItemSummary } from "./item-summary.tsx";
import { LiftSuspensionButton } from "./lift-suspension-button.tsx";
import { ModeratedItemList } from "./moderated-item-list.tsx";
import { ModerationSection } from "./moderation-section.tsx";
import { ITEM_TYPE_LABELS } from "./moderation-texts.ts";

/** Moderation → Hidden: what is hidden now, most recently hidden first, each with Restore. */
export function HiddenSection() {
  const hidden = useHiddenItems();
  return (
    <ModerationSection title="Hidden" query={hidden} what="the hidden items">
      {(items) => (
        <ModeratedItemList items={items} empty="Nothing is hidden.">
          {(item) => <HiddenItem item={item} />}
        </ModeratedItemList>
      )}
    </ModerationSection>
  );
}

function HiddenItem({ item }: { item: ModeratedItem }) {
  const act = useItemAction();
  const labelId = useId();
  return (
    <ItemSummary item={item} labelId={labelId}>
      <div className="button-row moderation-actions">
        <button
          type="button"
          className="button"
          disabled={act.isPending}
          onClick={() =>
            act.mutate(
              { target: item.target, action: "restore", reason: "" },
              {
                onSuccess: () =>
                  notify(`${ITEM_TYPE_LABELS[item.target.type]}: Restored.`, "success"),
                onError: (error) => notify(error.message, "error"),
              },
            )
          }
        >
          Restore
        </button>
        {item.author.suspended_until && <LiftSuspensionButton username={item.author.username} />}
      </div>
    </ItemSummary>
  );
}
