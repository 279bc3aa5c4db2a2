/** The tables profiles owns (issue 29): only profiles reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { areaCheck, areaColumns, createdAt, hiddenAt, hiddenIndex, tsvector } from "./columns.ts";

/** Usernames of deleted accounts, which nobody else may take until `until`. */
export const retiredUsernames = pgTable("retired_usernames", {
  username: text("username").primaryKey(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull().unique(),
    email: text("email"),
    /** Whether signed-in members may see the email; signed-out visitors never do. */
    showEmail: boolean("show_email").notNull().default(false),
    imgUrl: text("img_url"),
    bio: text("bio").notNull().default(""),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    hiddenAt: hiddenAt(),
    ...areaColumns(),
    /** Service details (issue 32, decision 030): free, swap or amount; the amount in cents. */
    rateKind: text("rate_kind"),
    rateCents: integer("rate_cents"),
    /** "hour" or "job", with an amount only. */
    rateUnit: text("rate_unit"),
    availability: text("availability").array().notNull().default(sql`'{}'::text[]`),
    travelKm: integer("travel_km"),
    /** How to reach the member: message, email, phone. */
    reach: text("reach").array().notNull().default(sql`'{}'::text[]`),
    /** Shown to signed-in members only, when `reach` lists it. */
    phone: text("phone"),
    /**
     * The member asked search engines to leave their profile and posts alone (issue 33): a
     * `noindex` meta on those pages, and none of them in the sitemap.
     */
    noindex: boolean("noindex").notNull().default(false),
    /** Search document: username and skills weigh more than the bio (migration 0005's config). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('ylt_search', username), 'A') || setweight(to_tsvector('ylt_search', ylt_words(skills)), 'A') || setweight(to_tsvector('ylt_search', bio), 'B')`,
      ),
  },
  (t) => [
    check("profiles_username_format", sql`${t.username} ~ '^[a-z0-9_-]{3,30}$'`),
    hiddenIndex("profiles_hidden_idx", t.hiddenAt),
    areaCheck("profiles_area_complete", t),
    check(
      "profiles_rate_complete",
      sql`(${t.rateKind} is null and ${t.rateCents} is null and ${t.rateUnit} is null) or (${t.rateKind} in ('free', 'swap') and ${t.rateCents} is null and ${t.rateUnit} is null) or (${t.rateKind} = 'amount' and ${t.rateCents} between 0 and 10000000 and ${t.rateUnit} in ('hour', 'job'))`,
    ),
    check("profiles_travel_km_range", sql`${t.travelKm} between 0 and 200`),
    check("profiles_phone_length", sql`length(${t.phone}) <= 20`),
    index("profiles_search_idx").using("gin", t.searchVector),
    index("profiles_username_trgm_idx").using("gin", sql`${t.username} gin_trgm_ops`),
    index("profiles_skills_idx").using("gin", t.skills),
    index("profiles_area_earth_idx")
      .using("gist", sql`ylt_earth(${t.areaLat}, ${t.areaLng})`)
      .where(sql`${t.areaLat} is not null`),
  ],
);
