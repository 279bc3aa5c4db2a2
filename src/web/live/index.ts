// The tab's live direct message frames (issue 17): the bus features subscribe to, the page socket
// the app shell keeps open, and what the room's socket tells them.
export { LiveConnection } from "./live-connection.tsx";
export {
  type LiveEvent,
  publishDirectMessageFrame,
  publishLive,
  subscribeLive,
} from "./live-events.ts";
export { roomSocketOpened } from "./room-socket-presence.ts";
export {
  chatSocketUrl,
  PING_EVERY_MS,
  PONG_TIMEOUT_MS,
  parseServerFrame,
  reconnectDelay,
} from "./socket-basics.ts";
