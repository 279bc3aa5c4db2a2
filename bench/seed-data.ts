/**
 * Realistic benchmark data, inserted fast: each table is one INSERT … SELECT generate_series, all
 * in one transaction, then ANALYZE. bench/seed.ts is the command line; the other benchmarks seed
 * through storage.ts (`seededStorage`).
 *
 * Every row of one run carries a short random tag in its emails and usernames, so seeding twice
 * into the same database adds a second, independent set.
 */
import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../src/server/db/database.ts";
import { placeById } from "../src/server/places/index.ts";
import { SKILL_OPTIONS } from "../src/shared/constants.ts";

export type SeedSizes = { users: number; posts: number; reviews: number; messages: number };

export const FULL_SIZES: SeedSizes = {
  users: 10_000,
  posts: 100_000,
  reviews: 50_000,
  messages: 10_000,
};

/** The sizes among a script's options (benchArgs({ ...FULL_SIZES, … })). */
export const sizesFrom = ({ users, posts, reviews, messages }: SeedSizes): SeedSizes => ({
  users,
  posts,
  reviews,
  messages,
});

export type SeedResult = {
  sizes: SeedSizes;
  seconds: number;
  /** A post from the middle of the feed, for GET /api/articles/:id. */
  postId: number;
  /** The range of the posts' ids, for reads spread over all of them. */
  postIds: { first: number; last: number };
  /** A profile that has reviews, for GET /api/users/username/:username and /api/reviews. */
  username: string;
  /** The town most areas are near (GeoNames id), for the distance filter's `near`. */
  centreId: number;
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

/**
 * The towns of the seeded areas (GeoNames ids of the gazetteer): the 36 largest within 30 km of
 * Cambridge (GB), so every two lie within about 60 km. Most profiles have one (7 in 8), and most
 * posts (9 in 10) carry their author's.
 */
export const SEED_TOWN_IDS = [
  2653941, 2638717, 2647310, 2646393, 2641616, 2650023, 2655689, 2639018, 2638878, 2650293, 2638530,
  2653298, 2637554, 9409226, 2646828, 2638474, 2648370, 2654195, 2652269, 2634701, 2654323, 2639964,
  2654919, 2642802, 2644434, 6284555, 2633900, 2648627, 2634796, 2636498, 2649000, 2637528, 2648899,
  2644271, 2647133, 2647687,
];
/** Cambridge: the middle of the seeded towns. */
export const SEED_CENTRE_ID = 2653941;

/*
 * The words of posts and bios: titles name one of the services, bodies are sentences picked from
 * templates filled with services, things, details, qualities and times, so a word is about as
 * selective as in real posts (a service in a few % of posts, a detail in well under 1 %).
 */
export const SEED_SERVICES = [
  "plumbing",
  "tiling",
  "painting",
  "decorating",
  "carpentry",
  "joinery",
  "roofing",
  "plastering",
  "bricklaying",
  "landscaping",
  "gardening",
  "mowing",
  "pruning",
  "fencing",
  "paving",
  "welding",
  "upholstery",
  "sewing",
  "knitting",
  "tailoring",
  "alterations",
  "ironing",
  "cleaning",
  "babysitting",
  "tutoring",
  "maths",
  "physics",
  "chemistry",
  "french",
  "spanish",
  "german",
  "piano",
  "guitar",
  "violin",
  "drumming",
  "singing",
  "yoga",
  "pilates",
  "massage",
  "hairdressing",
  "baking",
  "catering",
  "cooking",
  "photography",
  "videography",
  "bookkeeping",
  "accounting",
  "translation",
  "proofreading",
  "coding",
  "webdesign",
  "electrics",
  "wiring",
  "glazing",
  "locksmithing",
  "removals",
  "dogwalking",
  "petsitting",
  "chess",
  "pottery",
  "woodturning",
  "beekeeping",
  "framing",
  "calligraphy",
];
const THINGS = [
  "tap",
  "sink",
  "boiler",
  "radiator",
  "shower",
  "fence",
  "shed",
  "hedge",
  "lawn",
  "roof",
  "gutter",
  "window",
  "door",
  "kitchen",
  "bathroom",
  "staircase",
  "wardrobe",
  "sofa",
  "curtains",
  "laptop",
  "printer",
  "router",
  "bicycle",
  "car",
  "bookshelf",
  "camera",
  "dress",
  "suit",
  "cake",
  "garden",
  "patio",
  "driveway",
  "loft",
  "cellar",
  "chimney",
  "greenhouse",
  "allotment",
  "pond",
  "treehouse",
  "conservatory",
  "hallway",
  "bedroom",
  "attic",
  "garage",
  "workshop",
  "balcony",
  "terrace",
  "porch",
];
const DETAILS = [
  "oak",
  "walnut",
  "birch",
  "pine",
  "cedar",
  "bamboo",
  "copper",
  "brass",
  "slate",
  "granite",
  "marble",
  "terracotta",
  "limestone",
  "sandstone",
  "velvet",
  "linen",
  "tweed",
  "denim",
  "wool",
  "cashmere",
  "silk",
  "leather",
  "wicker",
  "rattan",
  "enamel",
  "porcelain",
  "stoneware",
  "earthenware",
  "sourdough",
  "focaccia",
  "brioche",
  "croissants",
  "macarons",
  "tiramisu",
  "lasagne",
  "risotto",
  "paella",
  "curry",
  "dumplings",
  "noodles",
  "sushi",
  "tapas",
  "chutney",
  "marmalade",
  "jam",
  "honey",
  "cider",
  "kombucha",
  "espresso",
  "tulips",
  "roses",
  "dahlias",
  "lavender",
  "rosemary",
  "tomatoes",
  "courgettes",
  "pumpkins",
  "strawberries",
  "raspberries",
  "apples",
  "pears",
  "plums",
  "cherries",
  "rhubarb",
  "potatoes",
  "leeks",
  "beans",
  "peas",
  "ukulele",
  "cello",
  "flute",
  "clarinet",
  "saxophone",
  "trumpet",
  "harp",
  "accordion",
  "banjo",
  "mandolin",
  "harmonica",
  "bagpipes",
  "spreadsheets",
  "invoices",
  "payroll",
  "mortgages",
  "pensions",
  "taxes",
  "javascript",
  "python",
  "databases",
  "linux",
  "smartphones",
  "tablets",
  "drones",
  "telescopes",
  "microscopes",
  "aquariums",
  "terrariums",
  "hamsters",
  "rabbits",
  "tortoises",
  "parrots",
  "kittens",
  "puppies",
  "ponies",
  "chickens",
  "ducks",
  "goats",
  "bees",
  "hedgehogs",
  "badgers",
  "kayaks",
  "canoes",
  "paddleboards",
  "tents",
  "caravans",
  "scooters",
  "skateboards",
  "tricycles",
  "tandems",
  "wheelchairs",
  "prams",
  "cots",
];
const QUALITIES = [
  "friendly",
  "reliable",
  "experienced",
  "patient",
  "local",
  "qualified",
  "retired",
  "careful",
  "quick",
  "affordable",
  "tidy",
  "flexible",
  "cheerful",
  "honest",
  "punctual",
  "insured",
  "certified",
  "trained",
  "thorough",
  "relaxed",
  "calm",
  "creative",
  "practical",
  "meticulous",
];
const WHEN = [
  "mornings",
  "evenings",
  "weekends",
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
  "Sundays",
  "holidays",
  "afternoons",
];
const TITLE_ENDINGS = [
  "lessons",
  "help",
  "repairs",
  "service",
  "advice",
  "sessions",
  "for beginners",
];

/** `array['a', 'b', …]` of constant words (none holds a quote). */
const arrayOf = (words: readonly string[]) => `array[${words.map((w) => `'${w}'`).join(", ")}]`;

/** A word of `words` picked by hashing `key` (an integer SQL expression) with `salt` (1–7). */
const pick = (words: readonly string[], key: string, salt: number) =>
  `(${arrayOf(words)})[1 + (hashint4((${key}) * 8 + ${salt})::bigint & 2147483647) % ${words.length}]`;

/** Sentence `s` of post `g`'s body: one of eight templates, its words picked by hashing g and s. */
function bodySentence(): SQL {
  const key = "g * 16 + s";
  const service = pick(SEED_SERVICES, key, 1);
  const thing = pick(THINGS, key, 2);
  const detail = pick(DETAILS, key, 3);
  const quality = pick(QUALITIES, key, 4);
  const when = pick(WHEN, key, 5);
  return sql.raw(`case (hashint4((${key}) * 8)::bigint & 2147483647) % 8
    when 0 then 'I can help with ' || ${service} || ' and anything around the ' || ${thing} || '.'
    when 1 then 'Available ' || ${when} || ', ' || ${quality} || ' and happy to travel.'
    when 2 then 'Last month I sorted out a ' || ${detail} || ' ' || ${thing} || ' for a neighbour.'
    when 3 then 'Bring your own ' || ${detail} || ' if you have some; I have the tools.'
    when 4 then 'Years of ' || ${service} || ' behind me, ' || ${quality} || ' and ' || ${pick(QUALITIES, key, 6)} || '.'
    when 5 then 'Ask me about ' || ${service} || ', ' || ${detail} || ' or the ' || ${thing} || '.'
    when 6 then 'Free most ' || ${when} || '; a cup of tea and a chat first.'
    else 'Friendly neighbour with tools and time, happy to help out.' end`);
}

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
  const towns = SEED_TOWN_IDS.map((id) => {
    const place = placeById(id);
    if (!place) throw new Error(`seed town ${id} is not in the gazetteer`);
    return place;
  });
  const started = performance.now();
  const [before] = await rows<{ last: number }>(
    database,
    sql`select coalesce(max(id), 0)::float8 as last from articles`,
  );
  const postsBefore = Number(before?.last ?? 0);

  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table seed_towns on commit drop as
      select * from (values ${sql.join(
        towns.map(
          (town, i) =>
            sql`(${i}::int, ${town.id}::int, ${town.name}::text, ${town.country}::text, ${town.lat}::float8, ${town.lng}::float8)`,
        ),
        sql`, `,
      )}) as t (i, id, name, country, lat, lng)`);
    // Users n = 1..users; their profile's username ends in _n, so later inserts join on n.
    await tx.execute(sql`
      insert into users (email, email_verified, display_name, created_at)
      select 'bench-' || ${tag} || '-' || g || '@example.test', true, 'Bench user ' || g,
             now() - (${users}::int - g) * interval '1 minute'
      from generate_series(1, ${users}::int) as g`);
    // Profile n lives in town n mod towns, except every eighth, who chose no area.
    await tx.execute(sql`
      insert into profiles (user_id, username, email, img_url, bio, skills, interests, created_at,
                            area_id, area_name, area_country, area_lat, area_lng)
      select u.id, p.username, u.email, '/api/avatars/' || p.username || '.svg',
             'Neighbour number ' || p.n || '. ' ||
               initcap(${sql.raw(pick(QUALITIES, "p.n", 1))}) || ', ' ||
               ${sql.raw(pick(QUALITIES, "p.n", 2))} || ' and good at ' ||
               ${sql.raw(pick(SEED_SERVICES, "p.n", 3))} || ' and ' ||
               ${sql.raw(pick(SEED_SERVICES, "p.n", 4))} || '; I also like ' ||
               ${sql.raw(pick(DETAILS, "p.n", 5))} || '. ' ||
               repeat('Happy to help with small jobs around the house and garden. ', 1 + p.n % 4),
             array[(${skills})[1 + p.n % 7], (${skills})[1 + (p.n / 7) % 7]],
             array[(${skills})[1 + (p.n / 3) % 7]],
             u.created_at,
             t.id, t.name, t.country, t.lat, t.lng
      from users u,
           lateral (select split_part(split_part(u.email, '@', 1), '-', 3)::int as n) as num,
           lateral (select num.n, 'b' || ${tag} || '_' || num.n as username) as p
           left join seed_towns t on p.n % 8 <> 0 and t.i = p.n % ${towns.length}::int
      where u.email like ${`bench-${tag}-%`}`);
    await tx.execute(sql`
      create temporary table seed_people on commit drop as
      select n - 1 as i, p.id as profile_id, p.user_id, p.username, p.img_url,
             p.area_id, p.area_name, p.area_country, p.area_lat, p.area_lng
      from profiles p,
           lateral (select split_part(p.username, '_', 2)::int as n) as num
      where p.username like ${`b${tag}\\_%`}`);
    await tx.execute(sql`create unique index on seed_people (i)`);
    // One post every half second back from now (pairs share a timestamp; the id breaks the tie).
    // Every third is "looking for"; nine in ten carry their author's area (if any). Bodies are 1 to
    // 15 sentences (bodySentence).
    const service = sql.raw(pick(SEED_SERVICES, "g", 1));
    const ending = sql.raw(pick(TITLE_ENDINGS, "g", 2));
    const thing = sql.raw(pick(THINGS, "g", 3));
    await tx.execute(sql`
      insert into articles (author_id, title, topic, body, created_at, kind,
                            area_id, area_name, area_country, area_lat, area_lng)
      select a.profile_id,
             case when g % 3 = 0
               then 'Looking for ' || ${service} || ' help with my ' || ${thing}
               else initcap(${service}) || ' ' || ${ending} end ||
               case when with_area then coalesce(' in ' || a.area_name, '') else '' end,
             (${topics})[1 + g % 7],
             (select string_agg(${bodySentence()}, ' ') from generate_series(1, 1 + g % 15) as s),
             now() - ((${posts}::int - g) / 2) * interval '1 second',
             case when g % 3 = 0 then 'looking-for' else 'offering' end,
             case when with_area then a.area_id end,
             case when with_area then a.area_name end,
             case when with_area then a.area_country end,
             case when with_area then a.area_lat end,
             case when with_area then a.area_lng end
      from generate_series(1, ${posts}::int) as g
      join seed_people a on a.i = g % ${users}::int,
           lateral (select g % 10 <> 0 as with_area) as w`);
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
    centreId: SEED_CENTRE_ID,
  };
}
