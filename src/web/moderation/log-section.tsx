import { Link } from "react-router";
import type { LogEntry } from "../../shared/moderation.ts";
import { NextPageButton } from "../ui/next-page-button.tsx";
import { useModerationLog } from "./api/get-log.ts";
import { ModerationSection } from "./moderation-section.tsx";
import { describeLogEntry, formatWhen } from "./moderation-texts.ts";

/** Moderation → Log: who did what and why, newest first, 50 lines at a time. */
export function LogSection() {
  const log = useModerationLog();
  return (
    <ModerationSection title="Log" query={log} what="the log">
      {(data) => {
        const entries = data.pages.flatMap((page) => page.entries);
        if (entries.length === 0) return <p className="muted">Nothing done yet.</p>;
        return (
          <>
            <ol className="moderation-log">
              {entries.map((entry) => (
                <LogLineItem key={entry.id} entry={entry} />
              ))}
            </ol>
            <NextPageButton pages={log}>
              {log.isFetchingNextPage ? "Loading..." : "Load more"}
            </NextPageButton>
          </>
        );
      }}
    </ModerationSection>
  );
}

function LogLineItem({ entry }: { entry: LogEntry }) {
  const line = describeLogEntry(entry);
  return (
    <li>
      <span>
        {line.who} {line.verb} {line.path ? <Link to={line.path}>{line.target}</Link> : line.target}
        {line.reason && ` — ${line.reason}`}
      </span>{" "}
      <time className="muted" dateTime={entry.created_at}>
        {formatWhen(entry.created_at)}
      </time>
    </li>
  );
}
