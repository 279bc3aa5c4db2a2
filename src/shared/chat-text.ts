/**
 * Characters that draw nothing. Bidi controls reorder what follows them: an override can make a
 * message read differently from what was typed (or hide a word from the profanity filter), so they
 * are removed from chat text. The zero-width ones are kept where they join or separate letters
 * (emoji sequences, Persian), but a message made of them alone is empty.
 */

/** Embeddings, overrides and isolates (LRE…RLO, LRI…PDI), and the Arabic letter mark. */
export const BIDI_CONTROLS = "\\u061C\\u202A-\\u202E\\u2066-\\u2069";
/** Zero-width and other invisible format characters, the bidi marks and controls included. */
export const INVISIBLE_CHARS = `\\u00AD\\u034F\\u180B-\\u180F\\u200B-\\u200F\\u2060-\\u2064\\uFE00-\\uFE0F\\uFEFF${BIDI_CONTROLS}`;

const bidiControls = new RegExp(`[${BIDI_CONTROLS}]`, "gu");
/** What is left of a text without anything invisible: format characters, blank-looking fillers. */
const nothingVisible = new RegExp(
  `^[\\s\\p{Cc}\\p{Cf}\\p{Z}\\u115F\\u1160\\u2800\\u3164\\uFFA0${INVISIBLE_CHARS}]*$`,
  "u",
);

export const removeBidiControls = (text: string): string => text.replace(bidiControls, "");

export const hasVisibleText = (text: string): boolean => !nothingVisible.test(text);
