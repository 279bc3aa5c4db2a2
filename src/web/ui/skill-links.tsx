import { Link } from "react-router";

/** Skills as chips, each a link to the search for people with that skill. */
export function SkillLinks({
  skills,
  label,
  className,
}: {
  skills: readonly string[];
  label: string;
  className: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {skills.map((skill) => (
        <li key={skill}>
          <Link to={`/search?skill=${encodeURIComponent(skill)}`} className="chip chip-link">
            {skill}
          </Link>
        </li>
      ))}
    </ul>
  );
}
