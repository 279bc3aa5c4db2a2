import { sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import {
  RESPONSIVENESS_GRACE_DAYS,
  RESPONSIVENESS_WINDOW_DAYS,
  type Responsiveness,
  responsivenessFrom,
} from "../../shared/trust.ts";
import type { Db } from "../db/database.ts";
import { conversations, directMessages } from "../db/tables/direct-messages.ts";
import { profiles } from "../db/tables/profiles.ts";

type Summary = { counted: number; answered: number; median_seconds: number | null };

/**
 * How the member named `username` (any letter case) answers direct messages as of `now` (the app's
 * clock), in coarse buckets (decision 028); null when there is too little to say. One query over
 * the conversations other members started with them in the window: when each started, and when
 * the member first replied. A conversation counts when answered, or unanswered past the grace
 * period; only when its starter's messages reached the member (not withheld by a block).
 */
export async function responsivenessOf(
  db: Db,
  username: string,
  now: Date,
): Promise<Responsiveness | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const answered = sql`replied_at is not null`;
  const result = await db.execute(sql`
    with started as (
      select c.created_at as started_at,
        (select min(reply.created_at) from ${directMessages} reply
          where reply.conversation_id = c.id and reply.sender_id = member.user_id) as replied_at
      from ${profiles} member
      join ${conversations} c
        on member.user_id in (c.user_lo, c.user_hi) and c.started_by <> member.user_id
      where member.username = ${storedUsername(username)}
        and c.created_at > ${at} - make_interval(days => ${RESPONSIVENESS_WINDOW_DAYS})
        and exists (select 1 from ${directMessages} opening
          where opening.conversation_id = c.id and opening.sender_id = c.started_by
            and not opening.withheld)
    )
    select
      (count(*) filter (where (${answered})
        or started_at <= ${at} - make_interval(days => ${RESPONSIVENESS_GRACE_DAYS})))::int as counted,
      (count(*) filter (where ${answered}))::int as answered,
      (percentile_cont(0.5) within group (order by extract(epoch from replied_at - started_at))
        filter (where ${answered}))::float8 as median_seconds
    from started`);
  const [row] = (result as unknown as { rows: Summary[] }).rows;
  return responsivenessFrom({
    counted: Number(row?.counted ?? 0),
    answered: Number(row?.answered ?? 0),
    medianReplySeconds: row?.median_seconds == null ? null : Number(row.median_seconds),
  });
}
