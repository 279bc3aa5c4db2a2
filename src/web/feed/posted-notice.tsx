import { useEffect } from "react";
import { Link } from "react-router";
import type { Post } from "../../shared/posts.ts";
import "./posted-notice.css";

/** How far the mouse moves before the form's place is given back. */
const MOVE_PX = 12;

type Props = {
  /** The post just added; none before the first. */
  post: Post | null;
  /** The height of the form it replaces, in px, kept until the member moves on; 0: none. */
  heldHeight: number;
  /** The member moved on: the room may go. */
  onRelease: () => void;
};

/**
 * Where the add-post form was: says the post is live, with a link to it (a polite status, on the
 * page, not a passing notice). It keeps the form's room until the mouse moves away, the page
 * scrolls, a finger taps or swipes, or a key is pressed, so nothing slides under a pointer about to click Submit again — a
 * second click lands here and does nothing (issue 20, defect 5).
 */
export function PostedNotice({ post, heldHeight, onRelease }: Props) {
  useEffect(() => {
    if (heldHeight === 0) return;
    let origin: { x: number; y: number } | undefined;
    const release = () => onRelease();
    const onMove = (event: PointerEvent) => {
      if (event.pointerType !== "mouse" && event.pointerType !== "pen") return;
      origin ??= { x: event.clientX, y: event.clientY };
      if (Math.hypot(event.clientX - origin.x, event.clientY - origin.y) > MOVE_PX) release();
    };
    // A finger gives no hover to wait for: its next tap or swipe anywhere gives the room back,
    // even where the page is too short to scroll (issue 34). After the tap's click, so the tap
    // lands where the finger was, not on what moves up under it.
    let touched = false;
    const onDown = (event: PointerEvent) => {
      touched = event.pointerType === "touch";
    };
    const onClick = () => {
      if (touched) release();
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerdown", onDown, { passive: true });
    window.addEventListener("click", onClick);
    window.addEventListener("touchmove", release, { passive: true });
    window.addEventListener("scroll", release, { passive: true });
    window.addEventListener("keydown", release);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerdown", onDown);
      window.removeEventListener("click", onClick);
      window.removeEventListener("touchmove", release);
      window.removeEventListener("scroll", release);
      window.removeEventListener("keydown", release);
    };
  }, [heldHeight, onRelease]);

  return (
    <div
      role="status"
      className="posted-notice"
      style={heldHeight ? { minHeight: heldHeight } : undefined}
    >
      {post && (
        <p className="posted-notice-text">
          Your post is live. <Link to={`/articles/${post.id}`}>See your post</Link>
        </p>
      )}
    </div>
  );
}
