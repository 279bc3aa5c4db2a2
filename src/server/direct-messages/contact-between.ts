import { and, eq, exists, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { conversations, directMessages } from "../db/tables/direct-messages.ts";

/**
 * Whether members `a` and `b` (accounts) have both written in their direct conversation, counting
 * only messages that reached the other: none withheld by a block or a decline, none hidden by
 * moderators (issue 32: a review after such an exchange is "contact-backed"). One query.
 */
export async function bothHaveWritten(db: Db, a: string, b: string): Promise<boolean> {
  const wrote = (sender: string) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(directMessages)
        .where(
          and(
            eq(directMessages.conversationId, conversations.id),
            eq(directMessages.senderId, sender),
            eq(directMessages.withheld, false),
            isNull(directMessages.hiddenAt),
          ),
        ),
    );
  const [row] = await db
    .select({ both: sql<boolean>`${and(wrote(a), wrote(b))}` })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.userLo, a), eq(conversations.userHi, b)),
        and(eq(conversations.userLo, b), eq(conversations.userHi, a)),
      ),
    )
    .limit(1);
  return row?.both === true;
}
