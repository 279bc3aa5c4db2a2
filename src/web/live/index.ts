// The tab's one live socket (issue 29): the room on /chatapp and every page's direct message
// frames come on it; features claim it and subscribe to the frame types they handle.
export { LiveConnection } from "./live-connection.tsx";
export { type FrameOf, type FrameType, type LiveSocket, liveSocket } from "./live-socket.ts";
export type { SocketStatus } from "./reconnecting-socket.ts";
