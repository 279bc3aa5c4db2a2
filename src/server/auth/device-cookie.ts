import type { FastifyReply, FastifyRequest } from "fastify";
import { isSecureRequest } from "../http/own-origin.ts";
import { hostCookieName, rootCookieOptions } from "./session-cookie.ts";
import { DEVICE_LIFETIME_MS } from "./trusted-devices.ts";

/** Like the session cookie: the __Host- prefix behind HTTPS, and only that name is read then. */
const cookieName = (secure: boolean) => hostCookieName("ylt_device", secure);

export function readDeviceToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(isSecureRequest(request))];
}

/** Kept through sign-out: it is what lets this browser in while strangers have the account locked. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = isSecureRequest(request);
  reply.setCookie(cookieName(secure), token, rootCookieOptions(secure, DEVICE_LIFETIME_MS));
}
