import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="centered-card">
      <h1>Page not found</h1>
      <p>We couldn't find that page. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className="button">
        Go to the home page
      </Link>
    </section>
  );
}
