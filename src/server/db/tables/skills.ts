/** The tables skills owns (issue 33): only skills reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns.ts";

/**
 * The skill vocabulary (issue 33, decision 031): what members pick on their profiles, what chips
 * and the skill filter offer, and what a post's topic is matched against. Seeded with SPEC's seven
 * in SPEC's order (migration 0015). `synonyms` are stored trimmed and lower-cased; a rename keeps
 * the old name among them. A retired skill is no longer offered, matches no new topic, and stays on
 * the profiles that list it.
 */
export const skills = pgTable(
  "skills",
  {
    id: identityId(),
    name: text("name").notNull(),
    status: text("status").notNull().default("active"),
    /** Where the skill sits in every list; SPEC's seven are 1–7, new skills go last. */
    position: integer("position").notNull(),
    synonyms: text("synonyms").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("skills_name_unique").on(sql`lower(${t.name})`),
    check("skills_status", sql`${t.status} in ('active', 'retired')`),
    check("skills_name_length", sql`length(${t.name}) between 1 and 40`),
  ],
);
