import type { z } from "zod";
import type {
  sendDirectMessageBodySchema,
  sendDirectMessageResponseSchema,
} from "../../../shared/direct-messages.ts";
import { apiFetch } from "../../api/client.ts";
import { conversationPath } from "./conversation-keys.ts";

type SendBody = z.input<typeof sendDirectMessageBodySchema>;
type SendResponse = z.infer<typeof sendDirectMessageResponseSchema>;

/**
 * POST /api/conversations/with/:username/messages. A resend with the same clientId (after a lost
 * answer) is stored once and answered with the stored message.
 */
export function sendDirectMessage(username: string, body: SendBody): Promise<SendResponse> {
  return apiFetch<SendResponse>(`${conversationPath(username)}/messages`, {
    method: "POST",
    body,
  });
}
