/** SPEC §9: a card shows the whole body up to this many characters… */
export const PREVIEW_FULL_MAX = 50;
/** …and beyond it only this many characters followed by '...'. */
export const PREVIEW_CUT_LENGTH = 25;

const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : undefined;

/**
 * The characters of a text as a reader sees them: grapheme clusters where the runtime can split
 * them (an emoji with skin tone or a flag, a letter with a combining accent count as one), code
 * points otherwise, so a character is never cut in half.
 */
export function characters(text: string): string[] {
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The body a post card shows: bodies over 50 characters are cut to 25 characters plus '...'. */
export function previewBody(body: string): string {
  const chars = characters(body);
  if (chars.length <= PREVIEW_FULL_MAX) return body;
  return `${chars.slice(0, PREVIEW_CUT_LENGTH).join("")}...`;
}
