import type { ReportTargetType } from "../../shared/moderation.ts";
import type { Db } from "../db/database.ts";
import type { EventOf } from "../events/index.ts";
import { addNotification } from "./notifications-repository.ts";

/** How an entry names the item moderators acted on. */
const NOUNS: Record<ReportTargetType, string> = {
  post: "post",
  review: "review",
  "review-reply": "reply to a review",
  profile: "profile",
  message: "chat message",
  "direct-message": "direct message",
};

type Decision = EventOf<"moderation.decided">;

const quoted = (title: string | null) => (title ? ` “${title}”` : "");

/** The author hears when their item was hidden or restored (not of a dismissal: nothing changed). */
function authorNotice(decision: Decision): string | null {
  if (!decision.hiddenChanged) return null;
  const what = `your ${NOUNS[decision.itemType]}${quoted(decision.title)}`;
  return decision.action === "hide"
    ? `A moderator hid ${what}. Only you and moderators can see it now.`
    : `A moderator restored ${what}. Everyone can see it again.`;
}

/** A reporter hears what came of their report, never who else reported. */
function reporterNotice(decision: Decision): string {
  const noun = NOUNS[decision.itemType];
  return decision.action === "hide"
    ? `Thank you for your report: the ${noun} was hidden.`
    : `A moderator looked at your report and left the ${noun} up.`;
}

/**
 * A moderator's decision (issue 30): the author of the item, when its hidden state changed, and
 * each member whose report it closed (never the author, never naming anyone) get an entry. A hidden
 * item's reporters are led to the feed: they cannot see it any more.
 */
export async function onModerationDecided(tx: Db, decision: Decision): Promise<void> {
  const item = `${decision.itemType}:${decision.itemKey}`;
  const toAuthor = authorNotice(decision);
  if (toAuthor) {
    await addNotification(tx, {
      recipientId: decision.authorUserId,
      kind: "moderation",
      groupKey: `moderation:${item}`,
      link: decision.path,
      detail: toAuthor,
    });
  }
  const hidden = decision.action === "hide";
  for (const reporterId of decision.reporterIds) {
    if (reporterId === decision.authorUserId) continue;
    await addNotification(tx, {
      recipientId: reporterId,
      kind: "moderation",
      groupKey: `report:${item}`,
      link: hidden ? "/feed" : decision.path,
      detail: reporterNotice(decision),
    });
  }
}
