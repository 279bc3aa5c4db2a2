import { useId } from "react";
import type { SessionDto } from "../../shared/accounts.ts";
import { MutationButton } from "../ui/mutation-button.tsx";
import { useAccountSessions } from "./api/get-sessions.ts";
import { useRevokeOtherSessions } from "./api/revoke-other-sessions.ts";
import { useRevokeSession } from "./api/revoke-session.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** This browser first, then the most recently used. */
const byRelevance = (a: SessionDto, b: SessionDto) =>
  Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt);

/** Settings → Sessions: where the account is signed in, each other one can be signed out. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) return <p className="muted">Loading...</p>;
  if (sessions.isError) {
    return (
      <>
        <p className="error-text">We couldn't load your sessions: {sessions.error.message}</p>
        <button type="button" className="button button-ghost" onClick={() => sessions.refetch()}>
          Try again
        </button>
      </>
    );
  }
  const hasOthers = sessions.data.some((session) => !session.current);
  return (
    <>
      <ul className="session-list">
        {sessions.data.toSorted(byRelevance).map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {hasOthers && (
        <MutationButton mutation={revokeOthers} successText="Signed out everywhere else.">
          Sign out everywhere else
        </MutationButton>
      )}
    </>
  );
}

function SessionItem({ session }: { session: SessionDto }) {
  const revoke = useRevokeSession();
  const browserId = useId();
  return (
    <li className="session-item">
      <div>
        <p id={browserId} className="session-browser">
          {session.browser}
          {session.current && <span className="badge">This browser</span>}
        </p>
        <p className="muted">
          <span className="session-when">Last used {when(session.lastUsedAt)}</span> ·{" "}
          <span className="session-when">signed in {when(session.createdAt)}</span>
        </p>
      </div>
      {!session.current && (
        <MutationButton
          mutation={revoke}
          variables={session.id}
          successText={`Signed out ${session.browser}.`}
          aria-describedby={browserId}
        >
          Sign out
        </MutationButton>
      )}
    </li>
  );
}
