/**
 * What a search's words become in SQL. The user's text never reaches to_tsquery as is: only its
 * words (letters and digits) do, so no input can be tsquery syntax ("a:*|!(", quotes, backslashes).
 */

/** A word starts with a letter or digit and goes on with letters, marks (accents) and digits. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/** More words narrow a search to nothing; the first ones are kept. */
export const SEARCH_WORDS_MAX = 10;

export type SearchText = {
  /** For to_tsquery('ylt_search', …): every word ANDed, the last one as a prefix (typing). */
  tsquery: string;
  /** For pg_trgm's word similarity (typos): the words, space-separated. */
  plain: string;
};

/** The words of `text` ready for SQL; null when it has none (then filters alone apply). */
export function searchTextOf(text: string | undefined): SearchText | null {
  const words = (text ?? "").normalize("NFC").match(WORD)?.slice(0, SEARCH_WORDS_MAX) ?? [];
  if (words.length === 0) return null;
  const lowered = words.map((word) => word.toLowerCase());
  return {
    tsquery: lowered.map((word, i) => (i === lowered.length - 1 ? `${word}:*` : word)).join(" & "),
    plain: lowered.join(" "),
  };
}
