/** Columns that point at a member's account or profile; the row goes when they go. */
import { uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { profiles } from "./profiles.ts";

/** A member's account (users.id), required; deleting the account deletes the row. */
export const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A member's profile (profiles.id), required; deleting the profile deletes the row. */
export const profileRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" });
