import type { ServerFrame } from "../../shared/chat.ts";

/** What a socket whose session ended is told: it reads on, and sends nothing more. */
export const SESSION_ENDED = {
  code: "session-ended",
  message: "Your session has ended. Sign in again to send messages.",
} as const satisfies Pick<Extract<ServerFrame, { type: "error" }>, "code" | "message">;
