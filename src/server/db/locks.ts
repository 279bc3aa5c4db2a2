import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./database.ts";

/**
 * Every PostgreSQL advisory lock the app takes, in one place, so two features never pick the same
 * key by accident and a reader sees at once what serialises with what. A lock is held until the
 * transaction ends (`pg_advisory_xact_lock`), for every instance on the database, except the
 * migration's, which a starting instance holds on its own connection.
 *
 * The keys are those the features used before this registry (instances of two versions running
 * side by side during a deploy still exclude each other).
 */
const LOCKS = {
  /** Count-then-insert of one account's write limit for one action (limits/write-limits.ts). */
  writeLimit: (action: string, userId: string) =>
    sql`select pg_advisory_xact_lock(hashtext(${`write-limit:${action}`}), hashtext(${userId}))`,
  /** Check-then-count of failed sign-ins for one key (auth/sign-in-failures.ts). */
  signInFailures: (key: string) => sql`select pg_advisory_xact_lock(hashtext(${key}))`,
  /** Reports on one item, one at a time, so the auto-hide count sees each (moderation/). */
  itemReports: (itemType: string, itemKey: string) =>
    sql`select pg_advisory_xact_lock(hashtext(${`report:${itemType}`}), hashtext(${itemKey}))`,
  /**
   * The room's inserts, one at a time from the lock to the commit, so ids become visible in
   * increasing order and a reader resuming after id N never skips one that committed late.
   */
  chatMessageInsert: () => sql`select pg_advisory_xact_lock(${7_412_305_118})`,
  /** Direct messages' inserts, for the same reason as the room's. */
  directMessageInsert: () => sql`select pg_advisory_xact_lock(${7_412_305_217})`,
  /** Mail sent to one address or for one account this hour (accounts/mail-limits.ts). */
  mailQuota: (key: string) => sql`select pg_advisory_xact_lock(hashtext(${key}))`,
  /** Count-then-insert of one member's saved searches, so the cap holds (notifications/). */
  savedSearches: (userId: string) =>
    sql`select pg_advisory_xact_lock(hashtext('saved-searches'), hashtext(${userId}))`,
  /** Count-then-insert of one member's push devices, so the cap holds (push/). */
  pushDevices: (userId: string) =>
    sql`select pg_advisory_xact_lock(hashtext('push-devices'), hashtext(${userId}))`,
  /** Changes to the skill vocabulary, one at a time, so no two skills claim the same word (skills/). */
  skillVocabulary: () => sql`select pg_advisory_xact_lock(${7_412_305_333})`,
} satisfies Record<string, (...args: never[]) => SQL>;

export type LockName = keyof typeof LOCKS;

/** Takes lock `name` for the rest of transaction `tx`. */
export async function takeLock<N extends LockName>(
  tx: Db,
  name: N,
  ...args: Parameters<(typeof LOCKS)[N]>
): Promise<void> {
  const statement = (LOCKS[name] as (...values: Parameters<(typeof LOCKS)[N]>) => SQL)(...args);
  await tx.execute(statement);
}

/**
 * Instances that start together migrate one at a time on this session lock (db/migrate.ts), so a
 * migration never runs twice; the second finds it applied.
 */
export const MIGRATION_LOCK = {
  take: "select pg_advisory_lock(73115009)",
  release: "select pg_advisory_unlock(73115009)",
} as const;
