/** What moderators hid stays readable to its author and to moderators: this says so, beside it. */
export const HIDDEN_NOTICE_TEXT = "Hidden by moderators. Only you and moderators can see it.";

export function HiddenNotice({ className }: { className?: string }) {
  return (
    <p className={className ? `hidden-notice ${className}` : "hidden-notice"}>
      {HIDDEN_NOTICE_TEXT}
    </p>
  );
}
