/**
 * The live sockets (decision 019): the registry of this instance's sockets by account, the frame
 * writer, the viewer filter and the per-address limits of the upgrade. Features publish frames into
 * it as peers (the chat room, direct messages); none of them owns a socket.
 */
export { closeLiveSockets } from "./close-live-sockets.ts";
export { type BuiltFrame, buildFrame, writeFrame } from "./frame-writer.ts";
export type { LiveSocket, LiveSockets } from "./live-sockets.ts";
export { createLiveSockets } from "./live-sockets.ts";
export { type LiveViewer, loadLiveViewer, mayReceive } from "./live-viewer.ts";
export { type Live, registerLive } from "./register-live.ts";
export { SESSION_ENDED } from "./session-ended.ts";
