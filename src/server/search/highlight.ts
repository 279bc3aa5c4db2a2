import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { HighlightedText } from "../../shared/search.ts";
import { trimEndWhile, trimStartWhile } from "../../shared/text-edges.ts";

/*
 * ts_headline marks matched words with markers of our choosing: two control characters, taken out
 * of the text first, so whatever a post says, the markers in the answer are ours. The answer
 * carries {text, match} pieces, never markup.
 */
const START = "\u0001";
const STOP = "\u0002";

/** The whole text, matched words marked (a title, a username). */
const WHOLE = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;

/** Up to two fragments around the matches (a body, a bio), or its start without one. */
const FRAGMENTS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** `text` with the words of `query` (a tsquery) marked, for highlightedText. */
export function markedText(text: SQLWrapper, query: SQL, part: "whole" | "fragments"): SQL<string> {
  const options = part === "whole" ? WHOLE : FRAGMENTS;
  return sql<string>`ts_headline('ylt_search', translate(${text}, ${START + STOP}, ''), ${query}, ${options})`;
}

/** The pieces of a text ts_headline marked (markedText). */
export function highlightedText(marked: string): HighlightedText {
  const pieces: HighlightedText = [];
  let rest = marked;
  while (rest.length > 0) {
    const start = rest.indexOf(START);
    if (start === -1) {
      pieces.push({ text: rest, match: false });
      break;
    }
    if (start > 0) pieces.push({ text: rest.slice(0, start), match: false });
    const stop = rest.indexOf(STOP, start + 1);
    const end = stop === -1 ? rest.length : stop;
    const matched = rest.slice(start + 1, end);
    if (matched) pieces.push({ text: matched, match: true });
    rest = rest.slice(end + 1);
  }
  return pieces;
}

/** What ts_headline does not count as part of a word at a fragment's ends. */
const EDGE = /^[\p{P}\s]$/u;

const withoutEdgePunctuation = (value: string) => trimEndWhile(trimStartWhile(value, EDGE), EDGE);

/**
 * The fragments ts_headline chose from `text` (markedText "fragments") as pieces, with "… " before
 * when they start inside the text and " …" after when they stop before its end, as
 * leadingExcerpt does.
 */
export function excerptPieces(marked: string, text: string): HighlightedText {
  const pieces = highlightedText(marked);
  // ts_headline cuts at words: punctuation and spaces at either end do not count.
  const shown = withoutEdgePunctuation(pieces.map((piece) => piece.text).join(""));
  const whole = withoutEdgePunctuation(text.replaceAll(START, "").replaceAll(STOP, ""));
  if (!shown || shown === whole) return pieces;
  // The first and last words are enough to tell (fragments are joined by " … " in between).
  const head = shown.slice(0, 24);
  const tail = shown.slice(-24);
  return [
    ...(whole.startsWith(head) ? [] : [{ text: "… ", match: false }]),
    ...pieces,
    ...(whole.endsWith(tail) ? [] : [{ text: " …", match: false }]),
  ];
}

/** Plain text as pieces (no query: nothing matched). */
export function unmarkedText(text: string): HighlightedText {
  return text ? [{ text, match: false }] : [];
}

/** About as much of a body as a headline shows: its start, cut at a word. */
export const EXCERPT_CHARS = 200;

/** The start of `text` up to EXCERPT_CHARS, cut at a space, "…" when cut. */
export function leadingExcerpt(text: string): HighlightedText {
  const chars = Array.from(text);
  if (chars.length <= EXCERPT_CHARS) return unmarkedText(text);
  const cut = chars.slice(0, EXCERPT_CHARS).join("");
  const space = cut.lastIndexOf(" ");
  return unmarkedText(`${(space > EXCERPT_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()} …`);
}
