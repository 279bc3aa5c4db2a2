import { HiddenNotice } from "../ui/hidden-notice.tsx";

/** A review's or a reply's text, with the notice that moderators hid it (only its author sees that). */
export function ReviewBody({ text, hidden }: { text: string; hidden: boolean | undefined }) {
  return (
    <>
      <p className="review-body">{text}</p>
      {hidden && <HiddenNotice />}
    </>
  );
}
