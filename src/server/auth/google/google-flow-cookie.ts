import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { safeReturnPath } from "../../../shared/return-path.ts";
import { isSecureRequest } from "../../http/own-origin.ts";

/** What the callback must check, kept in the browser for the ten minutes a sign-in may take. */
const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  intent: z.enum(["login", "register"]),
  /** Where to go once signed in (shared/return-path.ts), checked again as it is read. */
  next: z
    .string()
    .transform((raw) => safeReturnPath(raw) ?? undefined)
    .optional(),
});
export type GoogleFlow = z.infer<typeof flowSchema>;

export const FLOW_COOKIE_PATH = "/api/auth/google";
const MAX_AGE_SECONDS = 10 * 60;

// __Host- needs path /, so the scoped cookie takes the __Secure- prefix behind HTTPS.
const cookieName = (secure: boolean) => (secure ? "__Secure-ylt_oauth" : "ylt_oauth");

const cookieOptions = (secure: boolean) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  secure,
  path: FLOW_COOKIE_PATH,
});

export function setFlowCookie(request: FastifyRequest, reply: FastifyReply, flow: GoogleFlow) {
  const secure = isSecureRequest(request);
  const value = Buffer.from(JSON.stringify(flow)).toString("base64url");
  reply.setCookie(cookieName(secure), value, { ...cookieOptions(secure), maxAge: MAX_AGE_SECONDS });
}

/** The flow this browser started, or null when the cookie is missing, expired or garbled. */
export function readFlowCookie(request: FastifyRequest): GoogleFlow | null {
  const raw = request.cookies[cookieName(true)] ?? request.cookies[cookieName(false)];
  if (!raw) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearFlowCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieName(isSecureRequest(request)), cookieOptions(isSecureRequest(request)));
}
