import { hashPassword, revokeOtherAccess, setPassword, type Viewer } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { write } from "../write/index.ts";

/**
 * The owner's new password (the route confirmed the current one), in one write: whoever knew the
 * old password is signed out everywhere but `viewer`'s browser, and every link asked for before is
 * void.
 */
export async function changePassword(db: Db, viewer: Viewer, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const userId = viewer.identity.id;
  await write(db, async (tx) => {
    await setPassword(tx, userId, passwordHash);
    await revokeOtherAccess(tx, userId, viewer.session.publicId);
  });
}
