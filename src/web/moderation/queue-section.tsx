import { useModerationQueue } from "./api/get-queue.ts";
import { ModerationSection } from "./moderation-section.tsx";
import { QueueEntry } from "./queue-entry.tsx";

/** Moderation → Reports: the items with open reports, oldest first report first. */
export function QueueSection({ viewer }: { viewer: string | null }) {
  const queue = useModerationQueue();
  return (
    <ModerationSection title="Reports" query={queue} what="the reports">
      {(items) =>
        items.length === 0 ? (
          <p className="muted">No open reports.</p>
        ) : (
          <div className="moderation-items">
            {items.map((entry) => (
              <QueueEntry
                key={`${entry.target.type}:${entry.target.id}`}
                entry={entry}
                viewer={viewer}
              />
            ))}
          </div>
        )
      }
    </ModerationSection>
  );
}
