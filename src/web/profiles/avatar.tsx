import { useState } from "react";
import { avatarColourOf, initialsOf } from "../../shared/avatar.ts";

/** The profile image, or a generated initials avatar when there is none (or it fails to load). */
export function Avatar({ username, imgUrl }: { username: string; imgUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (imgUrl && !failed) {
    return (
      <img
        className="avatar"
        src={imgUrl}
        alt={`${username}'s avatar`}
        width={96}
        height={96}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="avatar avatar-initials"
      role="img"
      aria-label={`${username}'s avatar`}
      style={{ backgroundColor: avatarColourOf(username) }}
    >
      <span aria-hidden="true">{initialsOf(username)}</span>
    </span>
  );
}
