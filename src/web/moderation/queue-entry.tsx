import { useId, useState } from "react";
import {
  type QueueEntry as Entry,
  MODERATION_REASON_MAX_LENGTH,
  REPORT_REASON_LABELS,
} from "../../shared/moderation.ts";
import { Field } from "../ui/field.tsx";
import { notify } from "../ui/notify.tsx";
import { type ItemAction, useItemAction } from "./api/act-on-item.ts";
import { ItemSummary } from "./item-summary.tsx";
import { LiftSuspensionButton } from "./lift-suspension-button.tsx";
import { ITEM_TYPE_LABELS, reportedByText } from "./moderation-texts.ts";
import { SuspendButton } from "./suspend-button.tsx";

const DONE: Record<ItemAction, string> = {
  dismiss: "Reports dismissed.",
  hide: "Hidden.",
  restore: "Restored.",
};

/** The item's actions in their order; Restore only for an item that is hidden. */
const ACTION_BUTTONS: { action: ItemAction; label: string; className: string }[] = [
  { action: "dismiss", label: "Dismiss", className: "button button-ghost" },
  { action: "hide", label: "Hide", className: "button button-danger" },
  { action: "restore", label: "Restore", className: "button" },
];

type Props = {
  entry: Entry;
  /** The moderator's own username: they do not suspend themselves. */
  viewer: string | null;
};

/**
 * One item of the queue: the item, how many members reported it and why, their notes; a reason
 * for the log, Dismiss, Hide (for an item the reports threshold hid: keeps it hidden and closes the
 * reports), Restore when hidden, and Suspend @author (or lift their suspension).
 */
export function QueueEntry({ entry, viewer }: Props) {
  const act = useItemAction();
  const [reason, setReason] = useState("");
  const labelId = useId();

  const run = (action: ItemAction) => {
    if (act.isPending) return;
    act.mutate(
      { target: entry.target, action, reason: reason.trim() },
      {
        onSuccess: () =>
          notify(`${ITEM_TYPE_LABELS[entry.target.type]}: ${DONE[action]}`, "success"),
        onError: (error) => notify(error.message, "error"),
      },
    );
  };
  const author = entry.author.username;

  return (
    <ItemSummary item={entry} labelId={labelId}>
      <div className="moderation-reports">
        <p className="moderation-reported-by">{reportedByText(entry.report_count)}</p>
        <ul className="moderation-reasons" aria-label="Reasons">
          {entry.reasons.map(({ reason: why, count }) => (
            <li key={why} className="chip">
              {REPORT_REASON_LABELS[why]} ({count})
            </li>
          ))}
        </ul>
        {entry.notes.length > 0 && (
          <ul className="moderation-notes" aria-label="Notes from reporters">
            {entry.notes.map((note, index) => (
              // Notes carry no id; their order is fixed (oldest first).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>{note}</li>
            ))}
          </ul>
        )}
      </div>
      <Field
        label="Reason for the log (optional)"
        counter={{ length: reason.length, max: MODERATION_REASON_MAX_LENGTH }}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <div className="button-row moderation-actions">
        {ACTION_BUTTONS.filter(({ action }) => action !== "restore" || entry.hidden).map(
          ({ action, label, className }) => (
            <button
              key={action}
              type="button"
              className={className}
              disabled={act.isPending}
              onClick={() => run(action)}
            >
              {label}
            </button>
          ),
        )}
        {entry.author.suspended_until ? (
          <LiftSuspensionButton username={author} reason={reason.trim()} />
        ) : (
          author !== viewer && (
            <SuspendButton username={author} reason={reason.trim()} disabled={act.isPending} />
          )
        )}
      </div>
    </ItemSummary>
  );
}
