import { announceMessageHidden, announceMessageRestored } from "../chat/index.ts";
import type { Db } from "../db/database.ts";
import { announcePostChange, forgetPostChange } from "../posts/index.ts";
import type { ItemRef } from "./moderated-items.ts";

/** What this process's post caches forget once the transaction that announced it committed. */
export type PostChange = Parameters<typeof forgetPostChange>[1];

/**
 * Tells every instance, when `tx` commits, that an item was hidden or restored: a post's page and
 * the feed are forgotten, the chat's sockets drop a hidden message (a restored one comes back with
 * the next snapshot). Reviews, profiles and direct messages are read uncached (a conversation is
 * read again over HTTP). Answers the post changes to forget here right after the commit
 * (forgetAfterCommit).
 */
export async function announceHiddenChange(
  tx: Db,
  ref: ItemRef,
  hidden: boolean,
): Promise<PostChange[]> {
  const id = Number(ref.key);
  if (ref.type === "post") {
    await announcePostChange(tx, id);
    await announcePostChange(tx, "feed");
    return [id, "feed"];
  }
  if (ref.type === "message") {
    await (hidden ? announceMessageHidden(tx, id) : announceMessageRestored(tx, id));
  }
  return [];
}

/** Right after the commit: this process reads the change at once, not when the NOTIFY is back. */
export function forgetAfterCommit(db: Db, changes: PostChange[]): void {
  for (const change of changes) forgetPostChange(db, change);
}
