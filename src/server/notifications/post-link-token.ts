import { createHmac, timingSafeEqual } from "node:crypto";
import { POST_LINK_ACTIONS, type PostLinkAction } from "../../shared/post-links.ts";

/** Scoped: a token made for a reminder's link can be read as nothing else. */
const PURPOSE = "post-link";

export type PostLinkClaims = {
  postId: number;
  action: PostLinkAction;
  /** Which reminder the link came with (ms since the epoch): each reminder's links are new ones. */
  remindedAt: number;
};

const claimsText = ({ postId, action, remindedAt }: PostLinkClaims) =>
  `${postId}|${action}|${remindedAt}`;

const signatureOf = (key: string, claims: PostLinkClaims) =>
  createHmac("sha256", key)
    .update(`${PURPOSE}\n${claimsText(claims)}`)
    .digest();

/**
 * The token of one of a "Still offering …?" mail's links (issue 32): one post, one action, one
 * reminder, signed with the server's key, so it works without signing in and for nothing else.
 * Used once (notifications' used_post_links), it is refused after.
 */
export function postLinkToken(key: string, claims: PostLinkClaims): string {
  const text = Buffer.from(claimsText(claims), "utf8").toString("base64url");
  return `${text}.${signatureOf(key, claims).toString("base64url")}`;
}

/** What `token` says and its signature (the key of its use), or null when this server did not sign it. */
export function readPostLinkToken(
  key: string,
  token: string,
): (PostLinkClaims & { signature: string }) | null {
  const [text = "", signature = "", extra] = token.split(".");
  if (extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(text + signature)) return null;
  const parts = Buffer.from(text, "base64url").toString("utf8").split("|");
  const [id = "", action = "", at = "", more] = parts;
  if (more !== undefined || !/^[1-9]\d{0,15}$/.test(id) || !/^\d{1,15}$/.test(at)) return null;
  if (!(POST_LINK_ACTIONS as readonly string[]).includes(action)) return null;
  const claims = { postId: Number(id), action: action as PostLinkAction, remindedAt: Number(at) };
  const expected = signatureOf(key, claims);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { ...claims, signature };
}
