import { useState } from "react";
import { avatarColourOf, initialsOf } from "../../shared/avatar.ts";

/**
 * A small round avatar: the photo, or initials on a colour of the name when there is none or it
 * fails to load. Decorative by default (the name is written beside it); `label` names it.
 */
export function ChatAvatar({
  name,
  photoUrl,
  label,
  size = 36,
}: {
  name: string;
  photoUrl: string | null;
  label?: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (photoUrl && !failed) {
    return (
      <img
        className="chat-avatar"
        src={photoUrl}
        alt={label ?? ""}
        width={size}
        height={size}
        style={style}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="chat-avatar chat-avatar-initials"
      style={{ ...style, backgroundColor: avatarColourOf(name), fontSize: size * 0.4 }}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      {initialsOf(name)}
    </span>
  );
}
