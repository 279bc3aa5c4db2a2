import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { addressHits } from "../db/tables/limits.ts";

/** A hit as counted: how many in its window so far (this one included), and when the window ends. */
export type AddressHit = { hits: number; msLeft: number };

/**
 * Counts one hit of `bucket` (a limit and a client address) in the database every instance shares
 * (issue 28, item 8) and answers its window's count. A window starts with the bucket's first hit
 * and lasts `windowMs`, as in @fastify/rate-limit's memory store. One statement: the upsert takes
 * the row's lock, so parallel hits on any instance each see the ones before; other buckets' ended
 * windows are deleted by the same statement, so the table holds only live windows.
 */
export async function countAddressHit(
  db: Db,
  bucket: string,
  windowMs: number,
): Promise<AddressHit> {
  const nextEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const result = await db.execute(sql`
    with pruned as (
      delete from ${addressHits}
      where ${addressHits.windowEnd} <= now() and ${addressHits.bucket} <> ${bucket}
    )
    insert into ${addressHits} as counted (bucket, window_end, hits)
    values (${bucket}, ${nextEnd}, 1)
    on conflict (bucket) do update set
      hits = case when counted.window_end <= now() then 1 else counted.hits + 1 end,
      window_end = case when counted.window_end <= now() then excluded.window_end
        else counted.window_end end
    returning hits, (extract(epoch from window_end - now()) * 1000)::float8 as ms_left`);
  const [row] = (result as unknown as { rows: { hits: number; ms_left: number }[] }).rows;
  return {
    hits: Number(row?.hits ?? 1),
    msLeft: Math.max(1, Math.ceil(Number(row?.ms_left ?? windowMs))),
  };
}
