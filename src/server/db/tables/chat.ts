/** The tables chat owns (issue 29): only chat reads and writes them, others through its index.ts. */
import { index, pgTable, text, unique } from "drizzle-orm/pg-core";
import { createdAt, hiddenAt, hiddenIndex, identityId } from "./columns.ts";
import { userRef } from "./references.ts";

export const messages = pgTable(
  "messages",
  {
    id: identityId(),
    userId: userRef("user_id"),
    userName: text("user_name").notNull(),
    userPhotoUrl: text("user_photo_url"),
    text: text("text").notNull(),
    /** The sender's id for this message, so a resend is stored once. */
    clientId: text("client_id").notNull(),
    createdAt: createdAt(),
    hiddenAt: hiddenAt(),
  },
  (t) => [
    index("messages_created_idx").on(t.createdAt, t.id),
    unique("messages_user_client_unique").on(t.userId, t.clientId),
    hiddenIndex("messages_hidden_idx", t.hiddenAt),
  ],
);
