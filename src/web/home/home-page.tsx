import { Link } from "react-router";
import { signInPathFor, useSession } from "../auth/index.ts";
import { useSkills } from "../skills/index.ts";
import { SkillLinks } from "../ui/skill-links.tsx";

export function HomePage() {
  const session = useSession();
  // The skill list as moderators keep it (issue 33); SPEC's seven while it loads.
  const { skills } = useSkills();
  // A visitor goes to sign in, then on to the feed, rather than to the guard's 'You don't have
  // access!' (issue 20).
  const signedOut = session.isSuccess && !session.data.user;
  const feed = signedOut ? signInPathFor("/feed") : "/feed";
  return (
    <section className="hero">
      <h1>Your Local Talents</h1>
      <p className="lead">
        Find the designers, developers, teachers, plumbers and chefs who live near you, or offer
        your own skills to your neighbours. Post what you need, browse what others offer, read
        reviews and chat.
      </p>
      <SkillLinks
        skills={skills.map((skill) => skill.name)}
        label="Popular skills"
        className="chip-list"
      />
      <p className="hero-actions">
        <Link to="/register" className="button">
          Join your neighbours
        </Link>
        <Link to={feed} className="button button-ghost">
          Browse the feed
        </Link>
        {/* Issue 33: the posts near a town, without an account. */}
        {signedOut && (
          <Link to="/browse" className="button button-ghost">
            Browse without an account
          </Link>
        )}
      </p>
    </section>
  );
}
