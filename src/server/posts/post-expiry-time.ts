const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` whole days after `from` (the app's clock: tests move it). */
export const daysAfter = (from: Date, days: number): Date =>
  new Date(from.getTime() + days * DAY_MS);
