import type { FastifyReply, FastifyRequest } from "fastify";
import { isSecureRequest } from "./session-cookie.ts";
import { DEVICE_LIFETIME_MS } from "./trusted-devices.ts";

/** Like the session cookie: the __Host- prefix behind HTTPS, and only that name is read then. */
function cookieName(secure: boolean): string {
  return secure ? "__Host-ylt_device" : "ylt_device";
}

export function readDeviceToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(isSecureRequest(request))];
}

/** Kept through sign-out: it is what lets this browser in while strangers have the account locked. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = isSecureRequest(request);
  reply.setCookie(cookieName(secure), token, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: Math.floor(DEVICE_LIFETIME_MS / 1000),
  });
}
