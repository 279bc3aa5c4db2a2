import { useState } from "react";
import { avatarColourOf, initialsOf } from "../../shared/avatar.ts";
import { avatarImageUrl } from "../../shared/photos.ts";
import "./avatar.css";

type Props = {
  /** Whose avatar: the initials and their colour come from it. */
  name: string;
  imageUrl: string | null;
  /** Width and height in CSS pixels. */
  size: number;
  /** What it is called to a screen reader; without one it is decorative (the name is beside it). */
  label?: string | undefined;
};

/**
 * A round avatar: the picture (an uploaded photo's small size when that is enough), or initials on
 * a colour of the name when there is none or it fails.
 */
export function Avatar({ name, imageUrl, size, label }: Props) {
  const [failed, setFailed] = useState(false);
  if (imageUrl && !failed) {
    return (
      <img
        className="avatar"
        src={avatarImageUrl(imageUrl, size)}
        alt={label ?? ""}
        width={size}
        height={size}
        style={{ width: size, height: size }}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className="avatar avatar-initials"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        backgroundColor: avatarColourOf(name),
      }}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      {initialsOf(name)}
    </span>
  );
}
