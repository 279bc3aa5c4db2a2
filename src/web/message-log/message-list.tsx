import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../shared/chat.ts";
import type { ReportTarget } from "../../shared/moderation.ts";
import { canReport } from "../../shared/policies.ts";
import { ReportDialog } from "../reports/index.ts";
import { MessageItem, OutgoingItem } from "./message-item.tsx";
import type { OutgoingMessage } from "./outgoing-message.ts";
import "./message-log.css";

/** Within this many pixels of the end counts as "at the bottom", following new messages. */
const STICKY_PX = 48;

/** Earlier messages to load when the reader reaches the top (a conversation's pages, issue 17). */
export type OlderMessages = { hasMore: boolean; loading: boolean; load: () => void };

type Props = {
  messages: ChatMessage[];
  outgoing: OutgoingMessage[];
  /** `username`: the viewer's chat name (their profile's); their own messages carry it. */
  viewer: { name: string; username: string | null; photoUrl: string | null } | null;
  onRetry: (clientId: string) => void;
  /** The log's accessible name: the room's by default. */
  label?: string;
  /** What a Report on a message reports: a room message, or a direct message. */
  reportType?: "message" | "direct-message";
  older?: OlderMessages;
};

/**
 * The room's messages, oldest first, in a 500 px scrolling log. It follows new messages while the
 * reader is at the bottom; a reader who scrolled up to read keeps their place and gets a
 * 'New messages' button that takes them down. Sending always goes to the bottom.
 */
export function MessageList({
  messages,
  outgoing,
  viewer,
  onRetry,
  label = "Chat messages",
  reportType = "message",
  older,
}: Props) {
  const { log, list, atBottom } = useKeepAtBottom();
  // While a smooth scroll to the end is under way, the positions it passes through are not the
  // reader scrolling up: a message landing meanwhile must be followed, not turned into a pill.
  const scrollingToEnd = useRef(false);
  const seen = useRef({ lastId: 0, firstId: 0, outgoing: 0, height: 0 });
  const [unseen, setUnseen] = useState(false);
  // One report dialog for the room, not one per message.
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const lastId = messages.at(-1)?.id ?? 0;
  const firstId = messages[0]?.id ?? 0;
  const report = (message: ChatMessage) =>
    setReporting({ type: reportType, id: String(message.id) });

  const scrollToEnd = (behavior: ScrollBehavior = "auto") => {
    const element = log.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior });
    atBottom.current = true;
    scrollingToEnd.current = behavior === "smooth";
    setUnseen(false);
  };

  useLayoutEffect(() => {
    const before = seen.current;
    const height = log.current?.scrollHeight ?? 0;
    if (
      lastId === before.lastId &&
      firstId === before.firstId &&
      outgoing.length === before.outgoing
    ) {
      return;
    }
    seen.current = { lastId, firstId, outgoing: outgoing.length, height };
    // Older messages came in above: the reader keeps their place, not their scroll offset.
    const olderAbove = before.firstId > 0 && firstId < before.firstId;
    if (olderAbove && !atBottom.current && log.current) {
      log.current.scrollTop += height - before.height;
    }
    const newMessage = lastId > before.lastId;
    const sentOne = outgoing.length > before.outgoing;
    if (atBottom.current || sentOne) scrollToEnd();
    else if (newMessage) setUnseen(true);
  });

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    seen.current.height = element.scrollHeight;
    const nearEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= STICKY_PX;
    if (scrollingToEnd.current) {
      // Browsers without the scrollend event end the smooth scroll here.
      if (nearEnd) scrollingToEnd.current = false;
      return;
    }
    atBottom.current = nearEnd;
    if (nearEnd) setUnseen(false);
    if (element.scrollTop === 0 && older?.hasMore && !older.loading) older.load();
  };

  // The trip is over (or the reader took the wheel): where it stopped is the reader's place.
  const onScrollEnd = () => {
    scrollingToEnd.current = false;
    onScroll();
  };

  const reducedMotion =
    typeof window !== "undefined" &&
    window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

  return (
    <div className="chat-log-frame">
      <div
        ref={log}
        className="card chat-log"
        role="log"
        aria-live="polite"
        aria-label={label}
        aria-busy={older?.loading ? true : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must be able to reach it
        tabIndex={0}
        onScroll={onScroll}
        onScrollEnd={onScrollEnd}
      >
        {older?.hasMore && <OlderButton older={older} />}
        {messages.length === 0 && outgoing.length === 0 && (
          <p className="muted chat-empty">No messages yet. Say hello!</p>
        )}
        <MessageItems
          listRef={list}
          messages={messages}
          outgoing={outgoing}
          viewer={viewer}
          onRetry={onRetry}
          onReport={report}
        />
      </div>
      {unseen && (
        <button
          type="button"
          className="chat-new-pill"
          onClick={() => scrollToEnd(reducedMotion ? "auto" : "smooth")}
        >
          New messages <span aria-hidden="true">↓</span>
        </button>
      )}
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}

// Content that grows without a new message (a failure note, a narrower window, a photo that
// loads) keeps a reader who was at the bottom at the bottom.
// Returns the log, its list, and whether the reader is at the bottom (the list's owner keeps that).
function useKeepAtBottom() {
  const log = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const element = log.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, []);
  return { log, list, atBottom };
}

/** Loads the page of messages before the first one shown. */
function OlderButton({ older }: { older: OlderMessages }) {
  return (
    <p className="chat-older">
      <button
        type="button"
        className="button button-ghost button-small"
        disabled={older.loading}
        onClick={older.load}
      >
        {older.loading ? "Loading older messages…" : "Load older messages"}
      </button>
    </p>
  );
}

/** The messages, oldest first, then this tab's own still on their way. */
function MessageItems({
  listRef,
  messages,
  outgoing,
  viewer,
  onRetry,
  onReport,
}: Pick<Props, "messages" | "outgoing" | "viewer" | "onRetry"> & {
  listRef: RefObject<HTMLOListElement | null>;
  onReport: (message: ChatMessage) => void;
}) {
  const reporter = viewer?.username ? { username: viewer.username } : null;
  return (
    <ol ref={listRef} className="chat-messages">
      {messages.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          own={viewer?.username != null && message.userName === viewer.username}
          onReport={canReport(reporter, { username: message.userName }) ? onReport : undefined}
        />
      ))}
      {viewer &&
        outgoing.map((message) => (
          <OutgoingItem
            key={message.clientId}
            message={message}
            userName={viewer.name}
            photoUrl={viewer.photoUrl}
            onRetry={onRetry}
          />
        ))}
    </ol>
  );
}
