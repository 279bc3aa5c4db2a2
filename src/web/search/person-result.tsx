import { Link } from "react-router";
import { RATING_MAX } from "../../shared/constants.ts";
import type { PersonSearchResult } from "../../shared/search.ts";
import { AreaText } from "../places/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { SkillLinks } from "../ui/skill-links.tsx";
import { HighlightedText } from "./highlighted-text.tsx";

function ratingText(average: number | null, count: number): string {
  if (average === null) return "Not rated yet";
  return `${average.toFixed(1)} / ${RATING_MAX} from ${count} ${count === 1 ? "review" : "reviews"}`;
}

/** A member found: name, town and distance, rating, skills and the bio around the matched words. */
export function PersonResult({ person }: { person: PersonSearchResult }) {
  return (
    <article className="card result person-result">
      <Avatar name={person.username} imageUrl={person.img_url} size={48} />
      <div className="person-result-text">
        <h3>
          <Link to={`/user/${encodeURIComponent(person.username)}`} className="result-link">
            <HighlightedText segments={person.username_highlight} />
          </Link>
        </h3>
        <p className="result-meta">
          {person.area && (
            <>
              <AreaText area={person.area} distanceKm={person.distance_km} />
              {" · "}
            </>
          )}
          {ratingText(person.average_rating, person.review_count)}
        </p>
        {person.skills.length > 0 && (
          <SkillLinks skills={person.skills} label="Skills" className="result-skills" />
        )}
        {person.bio_excerpt.length > 0 && (
          <p className="result-excerpt">
            <HighlightedText segments={person.bio_excerpt} />
          </p>
        )}
      </div>
    </article>
  );
}
