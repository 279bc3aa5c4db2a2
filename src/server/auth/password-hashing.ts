import { randomBytes } from "node:crypto";
import { type Algorithm, hash, type Options, verify } from "@node-rs/argon2";

/** argon2id at OWASP's floor: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Computes the throwaway hash ahead of the first sign-in, so that one is not slower either. */
export function prepareDummyHash(): void {
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
}

/**
 * Checks a password against a stored PHC string. With no stored hash (unknown email, or an account
 * that only signs in with Google) it still spends one verification against a throwaway hash, so
 * the answer takes as long either way and timing does not reveal which emails have accounts.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    prepareDummyHash();
    await verify(await (dummyHash as Promise<string>), password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
