import { createHash, randomBytes } from "node:crypto";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A bearer token for a cookie (a session, a trusted browser): 256 random bits for the browser, only
 * their SHA-256 for the database, and when it stops being accepted.
 */
export function issueSecretToken(lifetimeMs: number): {
  token: string;
  tokenHash: string;
  expiresAt: Date;
} {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + lifetimeMs) };
}
