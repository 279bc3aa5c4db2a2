import { Link } from "react-router";

/** The address of a post its author deleted (the API's 404 post-removed). */
export function PostRemoved() {
  return (
    <section className="centered-card">
      <title>Post removed · Your Local Talents</title>
      <h1>This post was removed</h1>
      <p>Its author deleted it, so it is no longer here.</p>
      <Link to="/feed" className="button">
        See the most recent posts
      </Link>
    </section>
  );
}
