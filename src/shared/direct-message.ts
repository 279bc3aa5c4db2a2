import { z } from "zod";

/**
 * One direct message (issue 17), as both participants read it: over HTTP (direct-messages.ts) and
 * in the chat socket's `dm` frames (chat.ts). The sender is named by username, never by id.
 */
export const directMessageSchema = z.object({
  id: z.number().int().positive(),
  conversation_id: z.number().int().positive(),
  sender: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** Hidden by moderators: shown to its sender only, marked; absent unless true. */
  hidden: z.boolean().optional(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;
