import { readFileSync } from "node:fs";

/** Minimum password length, in code points (not UTF-16 units). */
export const PASSWORD_MIN_LENGTH = 6;
/** Maximum password length, in code points (not UTF-16 units). */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordStrength = "ok" | "too-short" | "too-long" | "blank" | "common";

const COMMON_PASSWORDS_FILE = new URL("./common-passwords.txt", import.meta.url);

let commonPasswords: ReadonlySet<string> | undefined;

/** Loads the shipped list once, on first use. Lines starting with `#` are comments. */
function loadCommonPasswords(): ReadonlySet<string> {
  if (commonPasswords === undefined) {
    const set = new Set<string>();
    for (const line of readFileSync(COMMON_PASSWORDS_FILE, "utf8").split(/\r?\n/)) {
      if (line === "" || line.startsWith("#")) continue;
      set.add(line.toLowerCase());
    }
    commonPasswords = set;
  }
  return commonPasswords;
}

/** Number of user-visible characters, counted as Unicode code points (an emoji such as 😀 is one). */
function codePointLength(password: string): number {
  let count = 0;
  for (const _ of password) count++;
  return count;
}

/** True when the password, ignoring case, is one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}

/** Only white space (any Unicode space, tab or line break) and zero-width characters. */
const ONLY_WHITE_SPACE = /^[\s\u200B-\u200D\u2060]*$/u;

/** Applies the length rules (in code points), then refuses blank and common passwords. */
export function checkPasswordStrength(password: string): PasswordStrength {
  const length = codePointLength(password);
  if (length < PASSWORD_MIN_LENGTH) return "too-short";
  if (length > PASSWORD_MAX_LENGTH) return "too-long";
  if (ONLY_WHITE_SPACE.test(password)) return "blank";
  if (isCommonPassword(password)) return "common";
  return "ok";
}
