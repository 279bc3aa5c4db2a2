import { Link, Navigate } from "react-router";
import { canModerate } from "../../shared/policies.ts";
import { SessionUnknown, signInPathFor, useSession } from "../auth/index.ts";
import { NotFoundPage } from "../ui/not-found-page.tsx";
import { AddSkillForm } from "./add-skill-form.tsx";
import { useAllSkills } from "./api/skills-query.ts";
import { SkillEntry } from "./skill-entry.tsx";
import "./skills.css";

/**
 * /moderation/skills (issue 33), for moderators only (anyone else: not found, as /moderation): the
 * skill list in its order, retired ones too, each editable, and a form to add one.
 */
export function SkillsPage() {
  const session = useSession();
  if (!session.isSuccess) return <SessionUnknown session={session} title="Skills" />;
  if (!session.data.user) return <Navigate to={signInPathFor("/moderation/skills")} replace />;
  const actor = {
    username: session.data.profile?.username ?? "",
    moderator: session.data.moderator === true,
  };
  if (!canModerate(actor)) return <NotFoundPage />;
  return (
    <div className="skills-page">
      <title>Skills · Moderation · Your Local Talents</title>
      <p>
        <Link to="/moderation">Back to moderation</Link>
      </p>
      <h1>Skills</h1>
      <p className="muted">
        Members choose their skills from this list; a post's topic and a search's words find a skill
        by its name or its synonyms. A renamed skill keeps its old name as a synonym; a retired one
        is no longer offered and stays on the profiles that list it.
      </p>
      <section className="card" aria-labelledby="add-skill-heading">
        <h2 id="add-skill-heading">Add a skill</h2>
        <AddSkillForm />
      </section>
      <SkillList />
    </div>
  );
}

function SkillList() {
  const skills = useAllSkills();
  if (skills.isPending) return <p className="muted">Loading...</p>;
  if (skills.isError) {
    return <p className="error-text">We couldn't load the skills: {skills.error.message}</p>;
  }
  return (
    <section aria-labelledby="skill-list-heading">
      <h2 id="skill-list-heading">The skill list</h2>
      <ol className="skill-list">
        {skills.data.map((skill) => (
          <SkillEntry key={`${skill.id}-${skill.name}-${skill.status}`} skill={skill} />
        ))}
      </ol>
    </section>
  );
}
