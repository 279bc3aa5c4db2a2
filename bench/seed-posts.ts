/**
 * Seeds users, profiles and posts for the read benchmark, fast: each table is one multi-row
 * INSERT … SELECT generate_series, all in one transaction, then ANALYZE.
 *
 *   DATA_DIR=/tmp/ylt-bench node bench/seed-posts.ts [--posts 100000] [--users 200]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ylt_bench node bench/seed-posts.ts
 *
 * Posts are spread one every half second back from now (so pairs share a timestamp and the id
 * breaks the tie, as in real bursts), over 7 topics, with bodies of 60 to 900 characters.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/database.ts";

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "100000" },
    users: { type: "string", default: "200" },
  },
});
const posts = Number(values.posts);
const userCount = Number(values.users);
if (!Number.isInteger(posts) || posts < 1 || !Number.isInteger(userCount) || userCount < 1) {
  console.error("--posts and --users must be positive whole numbers");
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && !process.env.DATA_DIR) {
  console.error("Set DATA_DIR (embedded database) or DATABASE_URL (PostgreSQL) to seed.");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? "");
const release = databaseUrl ? () => {} : lockDataDir(dataDir);
const database: Database = databaseUrl
  ? await openPostgres(databaseUrl)
  : await openPglite(dataDir);
const run = randomBytes(3).toString("hex");
const started = performance.now();

try {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, display_name)
      select 'bench-' || ${run} || '-' || g || '@example.test', 'Bench user ' || g
      from generate_series(1, ${userCount}::int) as g`);
    await tx.execute(sql`
      insert into profiles (user_id, username, email, bio, skills)
      select id, 'b' || ${run} || '_' || split_part(split_part(email, '@', 1), '-', 3), email,
             'Seeded for the benchmark.', array['Plumber']
      from users where email like ${`bench-${run}-%`}`);
    await tx.execute(sql`
      with authors as (
        select array_agg(id order by username) as ids, count(*)::int as n
        from profiles where username like ${`b${run}\\_%`}
      ),
      topics as (
        select array['Plumbing', 'Gardening', 'Web design', 'Math tutoring', 'Cooking',
                     'Tours', 'Fashion'] as names
      )
      insert into articles (author_id, title, topic, body, created_at)
      select authors.ids[1 + g % authors.n],
             'Seeded post ' || g || ': looking for help with ' || lower(topics.names[1 + g % 7]),
             topics.names[1 + g % 7],
             repeat('Friendly neighbour with tools and time, happy to help out. ', 1 + g % 15),
             now() - ((${posts}::int - g) / 2) * interval '1 second'
      from generate_series(1, ${posts}::int) as g, authors, topics`);
  });
  await database.db.execute(sql`analyze users, profiles, articles`);
  const result = await database.db.execute(
    sql`select (select count(*) from articles)::int as articles, (select count(*) from profiles)::int as profiles`,
  );
  const [counts] = (result as unknown as { rows: { articles: number; profiles: number }[] }).rows;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${posts} posts by ${userCount} users in ${seconds} s into ${databaseUrl ? "PostgreSQL" : dataDir}; ` +
      `now ${counts?.articles} posts and ${counts?.profiles} profiles in all.`,
  );
} finally {
  await database.close();
  release();
}
