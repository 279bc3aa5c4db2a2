import { useSyncExternalStore } from "react";

// Whether the chat room's socket is open in this tab: it carries the member's direct message frames
// too, so the page's own socket (live-socket.ts) closes meanwhile, one socket per tab.

let openRooms = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  openRooms += by;
  for (const listener of [...listeners]) listener();
}

/** The room's socket is open from now; call the returned function when it closes. */
export function roomSocketOpened(): () => void {
  changed(1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    changed(-1);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a room socket is open in this tab, as React state. */
export function useRoomSocketOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openRooms > 0,
    () => false,
  );
}
