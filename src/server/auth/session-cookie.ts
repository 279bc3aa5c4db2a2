import type { FastifyReply, FastifyRequest } from "fastify";
import { isSecureRequest } from "../http/own-origin.ts";
import { SESSION_LIFETIME_MS } from "./session-store.ts";

/** Behind HTTPS a cookie takes the __Host- prefix (Secure, host-only, path /). */
export function hostCookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** The options of every cookie of ours that lives at the site's root. */
export function rootCookieOptions(secure: boolean, maxAgeMs: number) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    path: "/",
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

const cookieName = (secure: boolean) => hostCookieName("ylt_session", secure);

/**
 * Only the name this request's cookies are set under is read: accepting the unprefixed name as
 * well would let a sibling subdomain or a plain-http page plant a session (cookie tossing).
 */
export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(isSecureRequest(request))];
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  const secure = isSecureRequest(request);
  reply.setCookie(cookieName(secure), token, rootCookieOptions(secure, SESSION_LIFETIME_MS));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isSecureRequest(request);
  reply.clearCookie(cookieName(secure), { httpOnly: true, sameSite: "lax", secure, path: "/" });
}
