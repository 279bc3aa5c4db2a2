const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const dayOfYear = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });

/** A last message's time in the list: the time today, the day before that. */
export function shortTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toDateString() === now.toDateString()
    ? timeOfDay.format(date)
    : dayOfYear.format(date);
}

const dayWithYear = new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "short",
  year: "numeric",
});

/**
 * When a conversation started (issue 34): its day (with the year when not this one), the exact
 * moment for machines.
 */
export function StartedOn({ iso, now = new Date() }: { iso: string; now?: Date }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const format = date.getFullYear() === now.getFullYear() ? dayOfYear : dayWithYear;
  return (
    <>
      started <time dateTime={iso}>{format.format(date)}</time>
    </>
  );
}
