/**
 * Realistic benchmark data, inserted fast: each table is one INSERT … SELECT generate_series, all
 * in one transaction, then ANALYZE. bench/seed.ts is the command line; api-ratio.ts and
 * start-time.ts call `seed` directly.
 *
 * Every row of one run carries a short random tag in its emails and usernames, so seeding twice
 * into the same database adds a second, independent set.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/database.ts";
import { SKILL_OPTIONS } from "../src/shared/constants.ts";

export type SeedSizes = { users: number; posts: number; reviews: number; messages: number };

export const FULL_SIZES: SeedSizes = {
  users: 10_000,
  posts: 100_000,
  reviews: 50_000,
  messages: 10_000,
};

/** The `--users`, `--posts`, `--reviews` and `--messages` options (parseArgs), full size by default. */
export const SIZE_OPTIONS = {
  users: { type: "string", default: String(FULL_SIZES.users) },
  posts: { type: "string", default: String(FULL_SIZES.posts) },
  reviews: { type: "string", default: String(FULL_SIZES.reviews) },
  messages: { type: "string", default: String(FULL_SIZES.messages) },
} as const;

export function sizesFrom(values: Record<keyof SeedSizes, string>): SeedSizes {
  return {
    users: Number(values.users),
    posts: Number(values.posts),
    reviews: Number(values.reviews),
    messages: Number(values.messages),
  };
}

export type SeedResult = {
  sizes: SeedSizes;
  seconds: number;
  /** A post from the middle of the feed, for GET /api/articles/:id. */
  postId: number;
  /** The range of the posts' ids, for reads spread over all of them. */
  postIds: { first: number; last: number };
  /** A profile that has reviews, for GET /api/users/username/:username and /api/reviews. */
  username: string;
};

const TOPICS = [
  "Plumbing",
  "Gardening",
  "Web design",
  "Math tutoring",
  "Cooking",
  "Tours",
  "Fashion",
];

/** Each profile reviews the next ones round the circle, so pairs are unique and never the author. */
export function maxReviews(users: number): number {
  return users * (users - 1);
}

export function checkSizes(sizes: SeedSizes): string | null {
  for (const [name, value] of Object.entries(sizes)) {
    if (!Number.isInteger(value) || value < 0) return `--${name} must be a whole number ≥ 0`;
  }
  if (sizes.users < 2) return "--users must be at least 2";
  if (sizes.reviews > maxReviews(sizes.users)) {
    return `--reviews must be at most ${maxReviews(sizes.users)} for ${sizes.users} users (one per author and subject)`;
  }
  return null;
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Seeds users with profiles, posts, reviews and chat messages; returns what the benchmarks ask for. */
export async function seed(database: Database, sizes: SeedSizes): Promise<SeedResult> {
  const problem = checkSizes(sizes);
  if (problem) throw new Error(problem);
  const { users, posts, reviews, messages } = sizes;
  const tag = randomBytes(3).toString("hex");
  const skills = sql.raw(`array[${SKILL_OPTIONS.map((s) => `'${s}'`).join(", ")}]`);
  const topics = sql.raw(`array[${TOPICS.map((t) => `'${t}'`).join(", ")}]`);
  const started = performance.now();
  const [before] = await rows<{ last: number }>(
    database,
    sql`select coalesce(max(id), 0)::float8 as last from articles`,
  );
  const postsBefore = Number(before?.last ?? 0);

  await database.db.transaction(async (tx) => {
    // Users n = 1..users; their profile's username ends in _n, so later inserts join on n.
    await tx.execute(sql`
      insert into users (email, email_verified, display_name, created_at)
      select 'bench-' || ${tag} || '-' || g || '@example.test', true, 'Bench user ' || g,
             now() - (${users}::int - g) * interval '1 minute'
      from generate_series(1, ${users}::int) as g`);
    await tx.execute(sql`
      insert into profiles (user_id, username, email, img_url, bio, skills, interests, created_at)
      select u.id, p.username, u.email, '/api/avatars/' || p.username || '.svg',
             'Neighbour number ' || p.n || '. ' ||
               repeat('Happy to help with small jobs around the house and garden. ', 1 + p.n % 4),
             array[(${skills})[1 + p.n % 7], (${skills})[1 + (p.n / 7) % 7]],
             array[(${skills})[1 + (p.n / 3) % 7]],
             u.created_at
      from users u,
           lateral (select split_part(split_part(u.email, '@', 1), '-', 3)::int as n) as num,
           lateral (select num.n, 'b' || ${tag} || '_' || num.n as username) as p
      where u.email like ${`bench-${tag}-%`}`);
    await tx.execute(sql`
      create temporary table seed_people on commit drop as
      select n - 1 as i, p.id as profile_id, p.user_id, p.username, p.img_url
      from profiles p,
           lateral (select split_part(p.username, '_', 2)::int as n) as num
      where p.username like ${`b${tag}\\_%`}`);
    await tx.execute(sql`create unique index on seed_people (i)`);
    // One post every half second back from now (pairs share a timestamp; the id breaks the tie).
    await tx.execute(sql`
      insert into articles (author_id, title, topic, body, created_at)
      select a.profile_id,
             'Post ' || g || ': looking for help with ' || lower((${topics})[1 + g % 7]),
             (${topics})[1 + g % 7],
             repeat('Friendly neighbour with tools and time, happy to help out. ', 1 + g % 15),
             now() - ((${posts}::int - g) / 2) * interval '1 second'
      from generate_series(1, ${posts}::int) as g
      join seed_people a on a.i = g % ${users}::int`);
    // Review g: author g mod n reviews the profile 1 + (g div n) places after it (mod n).
    await tx.execute(sql`
      insert into reviews (author_id, subject_id, title, body, rating, created_at)
      select a.profile_id, s.profile_id,
             'Review ' || g, repeat('Came on time, did careful work, fair price. ', 1 + g % 5),
             1 + (g * 7) % 5,
             now() - (${reviews}::int - g) * interval '3 seconds'
      from generate_series(0, ${reviews}::int - 1) as g
      join seed_people a on a.i = g % ${users}::int
      join seed_people s on s.i = (g % ${users}::int + 1 + g / ${users}::int) % ${users}::int`);
    await tx.execute(sql`
      insert into messages (user_id, user_name, user_photo_url, text, client_id, created_at)
      select p.user_id, p.username, p.img_url,
             'Hello everyone, message ' || g || '. Anyone free this weekend?',
             'seed-' || ${tag} || '-' || g,
             now() - (${messages}::int - g) * interval '5 seconds'
      from generate_series(1, ${messages}::int) as g
      join seed_people p on p.i = g % ${users}::int`);
  });
  await database.db.execute(sql`analyze users, profiles, articles, reviews, messages`);
  const seconds = (performance.now() - started) / 1000;

  // About 1 KB of JSON (DESIGN §6): a body of 15 sentences, from the middle of the feed.
  const [range] = await rows<{ first: number; last: number }>(
    database,
    sql`select coalesce(min(id), 0)::float8 as first, coalesce(max(id), 0)::float8 as last
        from articles where id > ${postsBefore}`,
  );
  const [article] = await rows<{ id: number }>(
    database,
    sql`select id::float8 as id from articles
        where id >= ${Math.floor(((range?.first ?? 0) + (range?.last ?? 0)) / 2)}
        order by (length(body) >= 850) desc, id limit 1`,
  );
  // Every profile is the subject of reviews/users reviews, give or take one.
  const username = `b${tag}_2`;
  return {
    sizes,
    seconds,
    postId: Number(article?.id ?? 1),
    postIds: { first: Number(range?.first ?? 0), last: Number(range?.last ?? 0) },
    username,
  };
}
