/**
 * Enclosed Latin letters (ⓕⓤⓒⓚ, 🅕🅤🅒🅚, 🄵🅄🄲🄺, ⒡⒰⒞⒦) read as letters but are symbols to Unicode,
 * and NFKC leaves most of them alone (negative circled and squared have no decomposition):
 * each block of 26 is folded to a–z by hand.
 */
const BLOCKS = [
  0x249c, // ⒜ parenthesized small
  0x24b6, // Ⓐ circled capital
  0x24d0, // ⓐ circled small
  0x1f110, // 🄐 parenthesized capital
  0x1f130, // 🄰 squared capital
  0x1f150, // 🅐 negative circled capital
  0x1f170, // 🅰 negative squared capital
];

const hex = (code: number) => code.toString(16);

/** The enclosed letters as a regular-expression character-class body (for the `u` flag). */
export const FANCY_LETTERS = BLOCKS.map(
  (first) => `\\u{${hex(first)}}-\\u{${hex(first + 25)}}`,
).join("");

const fancy = new RegExp(`[${FANCY_LETTERS}]`, "gu");

export function foldFancyLetters(text: string): string {
  return text.replace(fancy, (char) => {
    const code = char.codePointAt(0) ?? 0;
    const first = BLOCKS.find((start) => code >= start && code <= start + 25) ?? code;
    return String.fromCharCode(0x61 + code - first);
  });
}
