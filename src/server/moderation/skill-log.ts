import type { Db } from "../db/database.ts";
import type { EventBus, EventOf } from "../events/index.ts";
import { writeLogLine } from "./moderation-log.ts";

/** A change to the skill vocabulary (issue 33) as a log line, in the transaction that made it. */
async function logSkillChange(tx: Db, event: EventOf<"skill.changed">): Promise<void> {
  await writeLogLine(tx, {
    moderatorId: event.moderatorUserId,
    action: event.action,
    target: { type: "skill", id: event.name },
    subjectUserId: null,
    reason: event.detail,
  });
}

/**
 * Moderation's log hears of the skill vocabulary's changes as events (skills announces them in its
 * writes), so skills needs no moderation and moderation no skills. Returns the remover.
 */
export function handleSkillChanges(bus: EventBus): () => void {
  return bus.handleInTransaction("moderation:skill-log", ["skill.changed"], logSkillChange);
}
