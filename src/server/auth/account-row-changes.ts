import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { type Identity, identityColumns } from "./users-repository.ts";

/**
 * The account's own row as other features change it (accounts: a proved address, a new password,
 * a new address, deletion; profiles: the name), always in the caller's transaction `tx`.
 */

/**
 * Sets `values` on the account if its address is still `email`, which a link just proved (a link
 * for an old address proves nothing now); the identity, or null when the address changed.
 */
async function updateIfEmailStill(
  tx: Db,
  { userId, email }: { userId: string; email: string },
  values: Partial<typeof users.$inferInsert>,
): Promise<Identity | null> {
  const [row] = await tx
    .update(users)
    .set(values)
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning(identityColumns);
  return row ?? null;
}

/** The account's address is proved, if it is still `email`. */
export function markEmailVerified(tx: Db, userId: string, email: string): Promise<Identity | null> {
  return updateIfEmailStill(tx, { userId, email }, { emailVerified: true });
}

/**
 * A new password for an account whose address is still `email`, which the reset link just proved:
 * the address counts as verified from now on.
 */
export function resetPassword(
  tx: Db,
  userId: string,
  email: string,
  passwordHash: string,
): Promise<Identity | null> {
  return updateIfEmailStill(tx, { userId, email }, { passwordHash, emailVerified: true });
}

export async function setPassword(tx: Db, userId: string, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * The account's address becomes `email`, verified (the change-email link proved it). Null when the
 * account is gone. Another account having taken the address meanwhile breaks `users_email_unique`
 * (the caller translates it).
 */
export async function changeEmail(
  tx: Db,
  userId: string,
  email: string,
): Promise<{ previous: Identity; changed: Identity } | null> {
  const [previous] = await tx
    .select(identityColumns)
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!previous) return null;
  const [changed] = await tx
    .update(users)
    .set({ email, emailVerified: true })
    .where(eq(users.id, userId))
    .returning(identityColumns);
  return changed ? { previous, changed } : null;
}

/** Removes the account; the database cascades to everything it owns (accounts/erase-account.ts). */
export async function deleteUser(tx: Db, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** Names the account `name` (its new profile's username) when it has no display name yet. */
export async function nameIfUnnamed(tx: Db, userId: string, name: string): Promise<void> {
  await tx
    .update(users)
    .set({ displayName: name })
    .where(and(eq(users.id, userId), isNull(users.displayName)));
}
