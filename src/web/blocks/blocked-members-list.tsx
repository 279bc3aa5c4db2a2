import { useId } from "react";
import { Link } from "react-router";
import { Avatar } from "../ui/avatar.tsx";
import { MutationButton } from "../ui/mutation-button.tsx";
import { type BlockedMember, useBlockedMembers } from "./api/get-blocks.ts";
import { useSetBlocked } from "./api/set-blocked.ts";
import "./blocks.css";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** Settings → Blocked members: each with Unblock, newest first. */
export function BlockedMembersList() {
  const blocked = useBlockedMembers();

  if (blocked.isPending) return <p className="muted">Loading...</p>;
  if (blocked.isError) {
    return (
      <>
        <p className="error-text">
          We couldn't load the members you blocked: {blocked.error.message}
        </p>
        <button type="button" className="button button-ghost" onClick={() => blocked.refetch()}>
          Try again
        </button>
      </>
    );
  }
  if (blocked.data.length === 0) return <p className="muted">You haven't blocked anyone.</p>;
  return (
    <ul className="blocked-list">
      {blocked.data.map((member) => (
        <BlockedItem key={member.username} member={member} />
      ))}
    </ul>
  );
}

function BlockedItem({ member }: { member: BlockedMember }) {
  const unblock = useSetBlocked(false);
  const nameId = useId();
  return (
    <li className="blocked-item">
      <Avatar name={member.username} imageUrl={member.img_url} size={36} />
      <p>
        <Link id={nameId} to={`/user/${encodeURIComponent(member.username)}`}>
          {member.username}
        </Link>{" "}
        <span className="muted">
          · blocked{" "}
          <time dateTime={member.blocked_at}>{dateFormat.format(new Date(member.blocked_at))}</time>
        </span>
      </p>
      <MutationButton
        mutation={unblock}
        variables={member.username}
        successText={`Unblocked @${member.username}.`}
        aria-describedby={nameId}
      >
        Unblock
      </MutationButton>
    </li>
  );
}
