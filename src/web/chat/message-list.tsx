import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../shared/chat.ts";
import type { ReportTarget } from "../../shared/moderation.ts";
import { canReport } from "../../shared/policies.ts";
import { ReportDialog } from "../reports/index.ts";
import type { OutgoingMessage } from "./chat-state.ts";
import { MessageItem, OutgoingItem } from "./message-item.tsx";

/** Within this many pixels of the end counts as "at the bottom", following new messages. */
const STICKY_PX = 48;

type Props = {
  messages: ChatMessage[];
  outgoing: OutgoingMessage[];
  /** `username`: the viewer's chat name (their profile's); their own messages carry it. */
  viewer: { name: string; username: string | null; photoUrl: string | null } | null;
  onRetry: (clientId: string) => void;
};

/**
 * The room's messages, oldest first, in a 500 px scrolling log. It follows new messages while the
 * reader is at the bottom; a reader who scrolled up to read keeps their place and gets a
 * 'New messages' button that takes them down. Sending always goes to the bottom.
 */
export function MessageList({ messages, outgoing, viewer, onRetry }: Props) {
  const log = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  // While a smooth scroll to the end is under way, the positions it passes through are not the
  // reader scrolling up: a message landing meanwhile must be followed, not turned into a pill.
  const scrollingToEnd = useRef(false);
  const seen = useRef({ lastId: 0, outgoing: 0 });
  const [unseen, setUnseen] = useState(false);
  // One report dialog for the room, not one per message.
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const lastId = messages.at(-1)?.id ?? 0;
  const reporter = viewer?.username ? { username: viewer.username } : null;
  const report = (message: ChatMessage) =>
    setReporting({ type: "message", id: String(message.id) });

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
    if (lastId === before.lastId && outgoing.length === before.outgoing) return;
    seen.current = { lastId, outgoing: outgoing.length };
    const newMessage = lastId > before.lastId;
    const sentOne = outgoing.length > before.outgoing;
    if (atBottom.current || sentOne) scrollToEnd();
    else if (newMessage) setUnseen(true);
  });

  // Content that grows without a new message (a failure note, a narrower window, a photo that
  // loads) keeps a reader who was at the bottom at the bottom.
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

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    const nearEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= STICKY_PX;
    if (scrollingToEnd.current) {
      // Browsers without the scrollend event end the smooth scroll here.
      if (nearEnd) scrollingToEnd.current = false;
      return;
    }
    atBottom.current = nearEnd;
    if (nearEnd) setUnseen(false);
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
        aria-label="Chat messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must be able to reach it
        tabIndex={0}
        onScroll={onScroll}
        onScrollEnd={onScrollEnd}
      >
        {messages.length === 0 && outgoing.length === 0 && (
          <p className="muted chat-empty">No messages yet. Say hello!</p>
        )}
        <ol ref={list} className="chat-messages">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              own={viewer?.username != null && message.userName === viewer.username}
              onReport={canReport(reporter, { username: message.userName }) ? report : undefined}
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
