import type { AfterSignUp } from "../auth/index.ts";
import { mailAvailable } from "../mail/index.ts";
import { queueLinkMail } from "./link-mail.ts";

/**
 * Registered as auth's afterSignUp (app.ts): the verification link and its mail, in the sign-up's
 * transaction. Without mail, or past a limit, the account is created all the same: "Resend" is
 * there for later.
 */
export const verifyAfterSignUp: AfterSignUp = async (tx, identity, request) => {
  if (!identity.email || !mailAvailable(request.server.config)) return;
  await queueLinkMail(tx, request, {
    userId: identity.id,
    purpose: "verify-email",
    to: identity.email,
  });
};
