/**
 * What the reads that are built per request (not prepared by name) cost, beside prepared ones, on
 * both databases (decision 021): the chat snapshot for a member as built today and the same SQL
 * prepared once, the feed's first page prepared and with a reader's block list (built per request),
 * and a review read as a write's answer (built) beside the reviews page (prepared). Mean of
 * `--runs` calls after 200 warm-up calls, one client, on a small seeded database.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/unprepared-reads.ts [--runs 2000]
 */
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { latestMessages } from "../src/server/chat/messages-repository.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/database.ts";
import { messages, profiles, reviews } from "../src/server/db/schema.ts";
import { listPosts } from "../src/server/posts/posts-repository.ts";
import { findReview, listReviewsAbout } from "../src/server/reviews/reviews-repository.ts";
import {
  boundReader,
  readerPlaceholders,
  type SqlReader,
  visibleToSql,
} from "../src/server/visibility/index.ts";
import { createScratchPostgres, testPostgresUrl } from "../test/harness/scratch-postgres.ts";
import { benchArgs, onCleanUp, runMain } from "./bench-kit.ts";
import { seed } from "./seed-data.ts";

const args = benchArgs({ runs: 2000 });
const SIZES = { users: 500, posts: 5_000, reviews: 1_000, messages: 2_000 };

async function meanMicros(runs: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await call();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await call();
  return ((performance.now() - started) * 1000) / runs;
}

async function measure(kind: string, database: Database) {
  await seed(database, SIZES);
  const { db } = database;
  const [member] = await db
    .select({ userId: profiles.userId, id: profiles.id })
    .from(profiles)
    .limit(1);
  const [other] = await db.select({ userId: profiles.userId }).from(profiles).offset(1).limit(1);
  const [review] = await db
    .select({ id: reviews.id, username: profiles.username })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.subjectId))
    .limit(1);
  if (!member || !other || !review) throw new Error("nothing seeded");
  const viewer = {
    userId: member.userId,
    sessionId: "s",
    moderator: false,
    blocked: new Set<string>(),
  };
  // The chat snapshot's shape (messages-repository.ts), the same columns and rule both ways.
  const item = { hiddenAt: messages.hiddenAt, author: { userId: messages.userId } };
  const snapshot = (reader: SqlReader) =>
    db
      .select(getTableColumns(messages))
      .from(messages)
      .where(visibleToSql(db, reader, item))
      .orderBy(desc(messages.id))
      .limit(sql.placeholder("limit"));
  const snapshotPrepared = snapshot(readerPlaceholders("member")).prepare("bench_chat_snapshot");
  const bound = { readerUserId: member.userId, readerProfileId: member.id, limit: 50 };
  const reader = { userId: member.userId, profileId: member.id, moderator: false };
  const runs = args.runs;
  const figures = {
    "chat snapshot, member (latestMessages, built)": await meanMicros(runs, () =>
      latestMessages(db, 50, viewer),
    ),
    "chat snapshot shape, built every call": await meanMicros(runs, () =>
      snapshot(boundReader(viewer)).execute({ limit: 50 }),
    ),
    "chat snapshot shape, prepared once": await meanMicros(runs, () =>
      snapshotPrepared.execute(bound),
    ),
    "chat snapshot shape, Drizzle build only (toSQL)": await meanMicros(runs, async () =>
      snapshot(boundReader(viewer)).toSQL(),
    ),
    "feed page 1 (prepared)": await meanMicros(runs, () =>
      listPosts(db, { limit: 20, now: new Date() }),
    ),
    "feed page 1, reader with 1 block (built)": await meanMicros(runs, () =>
      listPosts(db, { limit: 20, now: new Date(), excludedAuthors: [other.userId] }),
    ),
    "reviews page (prepared)": await meanMicros(runs, () =>
      listReviewsAbout(db, review.username, reader, { limit: 20, now: new Date() }),
    ),
    "one review as a write's answer (built)": await meanMicros(runs, () =>
      findReview(db, review.id, reader),
    ),
  };
  for (const [what, micros] of Object.entries(figures)) {
    console.log(`| ${kind} | ${what} | ${Math.round(micros)} µs |`);
  }
}

await runMain(async () => {
  console.log("| database | read | mean per call |\n|---|---|---|");
  const pglite = await openPglite(undefined);
  onCleanUp(() => pglite.close());
  await measure("PGlite", pglite);
  const scratch = await createScratchPostgres(testPostgresUrl());
  onCleanUp(() => scratch.drop());
  const postgres = await openPostgres(scratch.url, 1);
  onCleanUp(() => postgres.close());
  await measure("PostgreSQL", postgres);
});
