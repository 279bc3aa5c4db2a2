import { REPLIES_TO_MOST_TEXT, REPLY_TIME_TEXTS, type Responsiveness } from "../../shared/trust.ts";

/**
 * How a member answers messages (issue 32), in the server's coarse buckets: "Usually replies within
 * a few hours · Replies to most messages". Nothing when there is nothing good to say.
 */
export function ResponsivenessLine({
  responsiveness,
}: {
  responsiveness: Responsiveness | null | undefined;
}) {
  const parts = [
    responsiveness?.reply_time ? REPLY_TIME_TEXTS[responsiveness.reply_time] : null,
    responsiveness?.replies_to_most ? REPLIES_TO_MOST_TEXT : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return <p className="responsiveness">{parts.join(" · ")}</p>;
}
