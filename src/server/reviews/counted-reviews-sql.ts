import { and, isNull, lte, or, type SQL } from "drizzle-orm";
import { reviews } from "../db/tables/reviews.ts";
import { publicSql } from "../visibility/index.ts";

/**
 * What a review count and average count as of `now`: reviews neither hidden nor withheld
 * (decision 018), nor held (decision 028).
 */
export function countedReviewsSql(now: SQL): SQL {
  return and(
    publicSql({ hiddenAt: reviews.hiddenAt, withheld: reviews.withheld }),
    notHeldSql(now),
  ) as SQL;
}

/** The review is not held as of `now` (never was, or its time has come). */
export function notHeldSql(now: SQL): SQL {
  return or(isNull(reviews.visibleFrom), lte(reviews.visibleFrom, now)) as SQL;
}
