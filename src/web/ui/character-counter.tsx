import { useEffect, useState } from "react";

/** From this share of the limit on, a screen reader hears how many characters are left. */
const NEAR_SHARE = 0.9;
/** It hears it once the writer pauses, not on every keystroke. */
const ANNOUNCE_AFTER_MS = 1000;

const formatCount = (n: number) => n.toLocaleString("en-GB");
const characters = (n: number) => `${formatCount(n)} ${n === 1 ? "character" : "characters"}`;

/** The field's error while its text is over the limit (the count says by how much); else none. */
export function overLimitMessage(length: number, max: number): string | undefined {
  return length > max ? `${characters(length - max)} too many` : undefined;
}

function announcement(length: number, max: number): string {
  if (length > max) return `${characters(length - max)} too many`;
  if (length >= max * NEAR_SHARE) return `${characters(max - length)} left`;
  return "";
}

type Props = { id: string; length: number; max: number };

/**
 * "812 / 1,000" under a limited field, live as the writer types; over the limit it turns to the
 * error colour (the Field shows why). Never cuts what was typed or pasted: the server's limit is
 * said, not enforced here. Near the limit a polite status tells screen readers what is left, after
 * a pause in typing.
 */
export function CharacterCounter({ id, length, max }: Props) {
  const [spoken, setSpoken] = useState("");
  const next = announcement(length, max);
  useEffect(() => {
    if (next === "") {
      setSpoken("");
      return;
    }
    const timer = setTimeout(() => setSpoken(next), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [next]);

  return (
    <>
      <p
        id={id}
        className={length > max ? "field-counter field-counter-over" : "field-counter muted"}
      >
        <span>
          {formatCount(length)} / {formatCount(max)}
        </span>
        <span className="visually-hidden"> characters</span>
      </p>
      <span role="status" className="visually-hidden">
        {spoken}
      </span>
    </>
  );
}
