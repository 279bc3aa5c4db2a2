const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "always" });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" });

/** How long before `now` `iso` was, as a reader says it: "just now", "3 hours ago", "2 weeks ago". */
export function timeAgo(iso: string, now = Date.now()): string | null {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return null;
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return "just now";
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    elapsed < HOUR
      ? [elapsed / MINUTE, "minute"]
      : elapsed < DAY
        ? [elapsed / HOUR, "hour"]
        : elapsed < 7 * DAY
          ? [elapsed / DAY, "day"]
          : elapsed < 30 * DAY
            ? [elapsed / (7 * DAY), "week"]
            : elapsed < 365 * DAY
              ? [elapsed / (30 * DAY), "month"]
              : [elapsed / (365 * DAY), "year"];
  return relative.format(-Math.floor(value), unit);
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
