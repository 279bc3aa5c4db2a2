import type { ServerFrame } from "../../shared/chat.ts";

/**
 * What this tab hears live about the member's direct messages (issue 17), whichever socket brought
 * it: the room's on /chatapp, or the page's own elsewhere (live-socket.ts). `reconnected`: a socket
 * (re)connected, so whatever came meanwhile must be read again over HTTP.
 */
export type LiveEvent =
  | Extract<ServerFrame, { type: "dm" | "dm-read" | "conversations-changed" }>
  | { type: "reconnected" };

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();

/** Hands `event` to every subscriber in this tab. */
export function publishLive(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Calls `listener` with every event from now on; returns the unsubscribe. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The frames of a socket that belong on the bus; publishes them, and says whether it did. */
export function publishDirectMessageFrame(frame: ServerFrame): boolean {
  if (frame.type === "dm" || frame.type === "dm-read" || frame.type === "conversations-changed") {
    publishLive(frame);
    return true;
  }
  return false;
}
