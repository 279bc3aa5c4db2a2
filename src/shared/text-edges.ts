/**
 * Trimming a run of some kind of character off either end of a text, in time linear in the run.
 * Not `/[…]+$/`: a regex search starts again from each character of a run that stops before the
 * end, so a text of long runs costs quadratic time (issue 28, item 4). `char` matches one whole
 * character (`/^[\p{P}\s]$/u`, without the g or y flag).
 */

/** The character that ends at `end` (two code units when it is outside the BMP). */
function charBefore(value: string, end: number): string {
  const astral = end >= 2 && (value.codePointAt(end - 2) ?? 0) > 0xffff;
  return value.slice(astral ? end - 2 : end - 1, end);
}

/** The character that starts at `start`. */
function charAt(value: string, start: number): string {
  return String.fromCodePoint(value.codePointAt(start) ?? 0);
}

/** `value` without the characters at its end that `char` matches. */
export function trimEndWhile(value: string, char: RegExp): string {
  let end = value.length;
  while (end > 0) {
    const last = charBefore(value, end);
    if (!char.test(last)) break;
    end -= last.length;
  }
  return value.slice(0, end);
}

/** `value` without the characters at its start that `char` matches. */
export function trimStartWhile(value: string, char: RegExp): string {
  let start = 0;
  while (start < value.length) {
    const first = charAt(value, start);
    if (!char.test(first)) break;
    start += first.length;
  }
  return value.slice(start);
}
