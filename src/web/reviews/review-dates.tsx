const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const format = (iso: string) => dateFormat.format(new Date(iso));

/** When something was written, and "edited" (its date on hover) when it was changed since. */
export function ReviewDates({ created, edited }: { created: string; edited?: string | undefined }) {
  return (
    <>
      <time dateTime={created}>{format(created)}</time>
      {edited && (
        <>
          {" · "}
          <span className="review-edited" title={`Edited ${format(edited)}`}>
            edited
          </span>
        </>
      )}
    </>
  );
}
