import { useModerationQueue } from "./api/get-queue.ts";
import { ModeratedItemList } from "./moderated-item-list.tsx";
import { ModerationSection } from "./moderation-section.tsx";
import { QueueEntry } from "./queue-entry.tsx";

/** Moderation → Reports: the items with open reports, oldest first report first. */
export function QueueSection({ viewer }: { viewer: string | null }) {
  const queue = useModerationQueue();
  return (
    <ModerationSection title="Reports" query={queue} what="the reports">
      {(items) => (
        <ModeratedItemList items={items} empty="No open reports.">
          {(entry) => <QueueEntry entry={entry} viewer={viewer} />}
        </ModeratedItemList>
      )}
    </ModerationSection>
  );
}
