import { RATING_MAX } from "../../shared/constants.ts";
import { reviewCountText } from "../../shared/trust.ts";

/**
 * The average rating with the reviews behind it, e.g. "Average rating: 4.3 / 5 from 12 reviews, 9
 * after a conversation" (issue 32: how many followed a conversation both sides wrote in).
 */
export function RatingSummary({
  average,
  count,
  contactBacked = 0,
}: {
  average: number | null;
  count: number;
  contactBacked?: number;
}) {
  if (average === null) return <p className="muted rating-summary">Not rated yet</p>;
  const full = Math.round(average);
  return (
    <p className="rating-summary">
      <span className="stars" aria-hidden="true">
        {"★".repeat(full)}
        {"☆".repeat(RATING_MAX - full)}
      </span>{" "}
      Average rating: {average.toFixed(1)} / {RATING_MAX} from{" "}
      {reviewCountText(count, contactBacked)}
    </p>
  );
}
