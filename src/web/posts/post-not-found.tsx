import { Link } from "react-router";

export function PostNotFound() {
  return (
    <section className="centered-card">
      <title>Post not found · Your Local Talents</title>
      <h1>Post not found</h1>
      <p>This post does not exist. It may have been removed, or the link may be mistyped.</p>
      <Link to="/feed" className="button">
        See the most recent posts
      </Link>
    </section>
  );
}
