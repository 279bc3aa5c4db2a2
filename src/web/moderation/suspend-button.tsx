import { useState } from "react";
import type { SuspensionDuration } from "../../shared/moderation.ts";
import { ConfirmButton } from "../ui/confirm-button.tsx";
import { Field } from "../ui/field.tsx";
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
  const [duration, setDuration] = useState<SuspensionDuration>("day");
  const [hideContent, setHideContent] = useState(false);

  return (
    <ConfirmButton
      label={`Suspend @${username}`}
      className="button button-ghost moderation-suspend"
      disabled={disabled}
      question={`Suspend @${username}?`}
      confirmLabel="Suspend"
      onOpen={() => {
        setDuration("day");
        setHideContent(false);
      }}
      action={() => suspend.mutateAsync({ username, duration, hide_content: hideContent, reason })}
      pending={suspend.isPending}
      successText={`Suspended @${username}.`}
      explanation={
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
      }
    />
  );
}
