/** The tables posts owns (issue 29): only posts reads and writes them, others through its index.ts. */
import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import {
  areaCheck,
  areaColumns,
  createdAt,
  editedAt,
  hiddenAt,
  hiddenIndex,
  identityId,
  tsvector,
} from "./columns.ts";
import { profileRef } from "./references.ts";
import { skills } from "./skills.ts";

/** A post's copy of its author's rate: cents, and the author's area country for the currency. */
export type AuthorRate = {
  kind: "free" | "swap" | "amount";
  cents: number | null;
  unit: "hour" | "job" | null;
  country: string | null;
};

export const posts = pgTable(
  "articles",
  {
    id: identityId(),
    authorId: profileRef("author_id"),
    title: text("title").notNull(),
    topic: text("topic").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    hiddenAt: hiddenAt(),
    /**
     * 'offering' or 'looking-for' (shared/posts.ts POST_TYPES). Posts from before issue 18 and
     * clients that send none are offerings: see decision 012.
     */
    kind: text("kind").notNull().default("offering"),
    ...areaColumns(),
    editedAt: editedAt(),
    /** Set when its author marked it filled (issue 19): still readable, sorts after open ones. */
    filledAt: timestamp("filled_at", { withTimezone: true }),
    /**
     * The author's username and image, copied from their profile by triggers (migration 0007: on
     * insert, and when the profile's change) so a page of the feed reads no other table. Never
     * written by the app; the default is only there until the trigger fills it.
     */
    authorUsername: text("author_username").notNull().default(""),
    authorImgUrl: text("author_img_url"),
    /**
     * When the post leaves the feed and search (issue 32, decision 029): chosen when posting (30,
     * 60 or 90 days), moved by Keep or Renew. The default only serves rows written by hand; the app
     * always sets it from its own clock.
     */
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '60 days'`),
    /** When the reminder job claimed the post and told its author; null until then, and after Keep. */
    expiryRemindedAt: timestamp("expiry_reminded_at", { withTimezone: true }),
    /**
     * The author's rate and area country for cards (issue 32), copied like the username by the
     * triggers of the service details migration; null when the author set no rate.
     */
    authorRate: jsonb("author_rate").$type<AuthorRate>(),
    /**
     * The skill the topic names (issue 33, decision 031): a skill's name or synonym, any letter
     * case; null when none does. Set by the database (migration 0015's triggers) when the post is
     * written and when the vocabulary changes; never written by the app.
     */
    skillId: bigint("skill_id", { mode: "number" }).references(() => skills.id, {
      onDelete: "set null",
    }),
    /** Search document: title and topic weigh more than the body (migration 0005's config). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('ylt_search', title), 'A') || setweight(to_tsvector('ylt_search', topic), 'A') || setweight(to_tsvector('ylt_search', body), 'B')`,
      ),
  },
  (t) => [
    index("articles_created_idx").on(t.createdAt, t.id),
    index("articles_topic_created_idx").on(sql`lower(${t.topic})`, t.createdAt, t.id),
    index("articles_skill_created_idx").on(t.skillId, t.createdAt, t.id),
    index("articles_author_idx").on(t.authorId, t.createdAt, t.id),
    /** What the reminder job looks for: open posts not yet reminded, soonest expiry first. */
    index("articles_expiry_reminder_idx")
      .on(t.expiresAt)
      .where(sql`${t.expiryRemindedAt} is null and ${t.filledAt} is null`),
    hiddenIndex("articles_hidden_idx", t.hiddenAt),
    check("articles_kind", sql`${t.kind} in ('offering', 'looking-for')`),
    areaCheck("articles_area_complete", t),
    index("articles_search_idx").using("gin", t.searchVector),
    index("articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("articles_area_earth_idx")
      .using("gist", sql`ylt_earth(${t.areaLat}, ${t.areaLng})`)
      .where(sql`${t.areaLat} is not null`),
  ],
);

/**
 * Posts their authors deleted (issue 19): the row is gone with its words, its id stays here so its
 * address can say "This post was removed" rather than "does not exist".
 */
export const removedPosts = pgTable("removed_posts", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
});
