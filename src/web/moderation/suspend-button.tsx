import { useState } from "react";
import type { SuspensionDuration } from "../../shared/moderation.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Field } from "../ui/field.tsx";
import { notify } from "../ui/notify.tsx";
import { useSuspendMember } from "./api/suspend-member.ts";

const DURATIONS: { value: SuspensionDuration; label: string }[] = [
  { value: "day", label: "For a day" },
  { value: "week", label: "For a week" },
  { value: "indefinite", label: "Until lifted" },
];

type Props = {
  username: string;
  /** The moderator's reason for the log. */
  reason: string;
  disabled?: boolean;
};

/**
 * "Suspend @name": asks how long (a day unless chosen) and whether to hide everything they wrote,
 * then suspends: the member is signed out everywhere and cannot sign in until it ends.
 */
export function SuspendButton({ username, reason, disabled = false }: Props) {
  const suspend = useSuspendMember();
  const [open, setOpen] = useState(false);
  const [duration, setDuration] = useState<SuspensionDuration>("day");
  const [hideContent, setHideContent] = useState(false);

  const start = () => {
    setDuration("day");
    setHideContent(false);
    setOpen(true);
  };
  const confirm = () => {
    if (suspend.isPending) return;
    suspend.mutate(
      { username, duration, hide_content: hideContent, reason },
      {
        onSuccess: () => {
          setOpen(false);
          notify(`Suspended @${username}.`, "success");
        },
        onError: (error) => {
          setOpen(false);
          notify(error.message, "error");
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="button button-ghost moderation-suspend"
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={start}
      >
        Suspend @{username}
      </button>
      <ConfirmDialog
        open={open}
        title={`Suspend @${username}?`}
        confirmLabel="Suspend"
        pending={suspend.isPending}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <div className="moderation-suspend-choice">
          <p>They are signed out everywhere at once and can't sign in until the suspension ends.</p>
          <Field kind="group" label="How long">
            {() => (
              <div className="moderation-durations">
                {DURATIONS.map((option) => (
                  <label key={option.value}>
                    <input
                      type="radio"
                      name={`suspend-${username}`}
                      value={option.value}
                      checked={duration === option.value}
                      onChange={() => setDuration(option.value)}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
            )}
          </Field>
          <Field kind="checkbox" label="Also hide everything they wrote">
            {(control) => (
              <input
                {...control}
                type="checkbox"
                checked={hideContent}
                onChange={(event) => setHideContent(event.target.checked)}
              />
            )}
          </Field>
        </div>
      </ConfirmDialog>
    </>
  );
}
