const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "always" });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });

/** Up to the first number of milliseconds, time is counted in the second, named by the third. */
const UNITS: [number, number, Intl.RelativeTimeFormatUnit][] = [
  [HOUR, MINUTE, "minute"],
  [DAY, HOUR, "hour"],
  [7 * DAY, DAY, "day"],
  [30 * DAY, 7 * DAY, "week"],
  [365 * DAY, 30 * DAY, "month"],
  [Number.POSITIVE_INFINITY, 365 * DAY, "year"],
];

/** How long before `now` `iso` was, as a reader says it: "just now", "3 hours ago", "2 weeks ago". */
export function timeAgo(iso: string, now = Date.now()): string | null {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return null;
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return "just now";
  for (const [below, size, unit] of UNITS) {
    if (elapsed < below) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return null;
}

/** `iso` as "3 hours ago", the exact date and time in its title (a tooltip); nothing if unreadable. */
export function TimeAgo({ iso }: { iso: string }) {
  const text = timeAgo(iso);
  if (!text) return null;
  return (
    <time dateTime={iso} title={exact.format(new Date(iso))}>
      {text}
    </time>
  );
}
