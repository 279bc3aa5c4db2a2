import { RATING_MAX, RATING_MIN } from "../../shared/constants.ts";
import { Field } from "../ui/field.tsx";
import "./star-rating.css";

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

type Props = {
  name: string;
  value: number;
  onChange: (rating: number) => void;
  onBlur: () => void;
  error?: string | undefined;
};

/**
 * The review's rating as a row of stars: native radios named 1 to 5 in a radio group named
 * "Rating" (arrow keys move the choice, as with any radios), drawn as stars, as many filled as
 * chosen. The radios stay in the page, invisible over their stars, so the focus shows on the star.
 */
export function StarRating({ name, value, onChange, onBlur, error }: Props) {
  return (
    <Field kind="radios" label="Rating" error={error}>
      {() => (
        <div className="star-rating">
          {RATINGS.map((rating) => (
            <label key={rating} className="star-rating-option">
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                onBlur={onBlur}
              />
              <span aria-hidden="true" className={rating <= value ? "star star-filled" : "star"}>
                {rating <= value ? "★" : "☆"}
              </span>
              <span className="visually-hidden">{rating}</span>
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}
