/**
 * Seeds realistic data for the benchmarks: users with profiles, posts, reviews and chat messages.
 *
 *   DATA_DIR=/tmp/ylt-bench npx node bench/seed.ts [--users 10000] [--posts 100000]
 *     [--reviews 50000] [--messages 10000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ylt_bench npx node bench/seed.ts
 *
 * The database is created and migrated when it is new. See seed-data.ts for the shape of the data.
 */
import path from "node:path";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/database.ts";
import { benchArgs, usage } from "./bench-kit.ts";
import { checkSizes, FULL_SIZES, seed, sizesFrom } from "./seed-data.ts";

const sizes = sizesFrom(benchArgs({ ...FULL_SIZES }));
usage(checkSizes(sizes));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && !process.env.DATA_DIR) {
  usage("Set DATA_DIR (embedded database) or DATABASE_URL (PostgreSQL) to seed.");
}
const dataDir = path.resolve(process.env.DATA_DIR ?? "");
const release = databaseUrl ? () => {} : lockDataDir(dataDir);
let database: Database | undefined;
try {
  database = databaseUrl ? await openPostgres(databaseUrl, 1) : await openPglite(dataDir);
  const result = await seed(database, sizes);
  console.log(
    `Seeded ${sizes.users} users with profiles, ${sizes.posts} posts, ${sizes.reviews} reviews and ` +
      `${sizes.messages} chat messages in ${result.seconds.toFixed(1)} s into ` +
      `${databaseUrl ? "PostgreSQL" : dataDir} (sample post ${result.postId}, profile ${result.username}).`,
  );
} finally {
  await database?.close();
  release();
}
