import { RATING_MAX } from "../../shared/constants.ts";

/** The average rating with the review count, e.g. "Average rating: 4.3 / 5 from 3 reviews". */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null) return <p className="muted rating-summary">Not rated yet</p>;
  const full = Math.round(average);
  return (
    <p className="rating-summary">
      <span className="stars" aria-hidden="true">
        {"★".repeat(full)}
        {"☆".repeat(RATING_MAX - full)}
      </span>{" "}
      Average rating: {average.toFixed(1)} / {RATING_MAX} from {count}{" "}
      {count === 1 ? "review" : "reviews"}
    </p>
  );
}
