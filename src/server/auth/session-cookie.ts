import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_LIFETIME_MS } from "./session-store.ts";

/** Behind HTTPS the cookie takes the __Host- prefix (Secure, host-only, path /). */
function cookieName(secure: boolean): string {
  return secure ? "__Host-ylt_session" : "ylt_session";
}

function isSecure(request: FastifyRequest): boolean {
  return request.server.config.nodeEnv === "production" || request.protocol === "https";
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(true)] ?? request.cookies[cookieName(false)];
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  const secure = isSecure(request);
  reply.setCookie(cookieName(secure), token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isSecure(request);
  reply.clearCookie(cookieName(secure), { httpOnly: true, sameSite: "lax", secure, path: "/" });
}
