import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { oauthAccounts, users } from "../db/schema.ts";
import type { Identity } from "./viewer.ts";

export type UserWithPassword = Identity & { passwordHash: string | null };

const identityColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
};

/** `email` must already be normalized (trimmed, lower-case). */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithPassword | null> {
  const [row] = await db
    .select({ ...identityColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function insertPasswordUser(
  db: Db,
  user: { email: string; passwordHash: string },
): Promise<Identity> {
  const [row] = await db.insert(users).values(user).returning(identityColumns);
  if (!row) throw new Error("insert into users returned no row");
  return row;
}

export async function findUserByOAuthAccount(
  db: Db,
  issuer: string,
  subject: string,
): Promise<Identity | null> {
  const [row] = await db
    .select(identityColumns)
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.issuer, issuer), eq(oauthAccounts.subject, subject)))
    .limit(1);
  return row ?? null;
}

export type NewOAuthUser = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
};

/** A new identity and its provider account, together or not at all. */
export async function insertOAuthUser(db: Db, account: NewOAuthUser): Promise<Identity> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: account.email,
        emailVerified: account.emailVerified,
        displayName: account.displayName,
        photoUrl: account.photoUrl,
      })
      .returning(identityColumns);
    if (!row) throw new Error("insert into users returned no row");
    await tx
      .insert(oauthAccounts)
      .values({ issuer: account.issuer, subject: account.subject, userId: row.id });
    return row;
  });
}

/** Gives an identity without a display name one (its new username), for chat and the like. */
export async function setDisplayNameIfMissing(
  db: Db,
  userId: string,
  displayName: string,
): Promise<void> {
  await db
    .update(users)
    .set({ displayName })
    .where(and(eq(users.id, userId), isNull(users.displayName)));
}
