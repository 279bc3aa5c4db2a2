import type { UseQueryResult } from "@tanstack/react-query";

/** What a screen that needs the session says when the session could not be checked. */
export function SessionCheckFailed({ session }: { session: Pick<UseQueryResult, "refetch"> }) {
  return (
    <>
      <p className="error-text">An error occurred while checking authentication.</p>
      <button type="button" className="button" onClick={() => session.refetch()}>
        Try again
      </button>
    </>
  );
}

/**
 * A screen that needs the session, until it is known: "Loading...", or, when it could not be
 * checked, the screen's heading over that failure.
 */
export function SessionUnknown({
  session,
  title,
}: {
  session: Pick<UseQueryResult, "isPending" | "refetch">;
  title: string;
}) {
  if (session.isPending) return <p className="muted">Loading...</p>;
  return (
    <section className="centered-card">
      <h1>{title}</h1>
      <SessionCheckFailed session={session} />
    </section>
  );
}
