import type { ModerationConfig } from "../config.ts";
import type { Identity } from "./users-repository.ts";

/**
 * Moderators are named by ADMIN_EMAILS (issue 16): an account is one when its email is listed and
 * proved (a link, or Google's verified claim), so typing a moderator's address at sign-up makes
 * nobody a moderator. The one place the server decides it; routes ask `viewer.moderator`.
 */
export function isModerator(
  identity: Pick<Identity, "email" | "emailVerified">,
  config: Pick<ModerationConfig, "adminEmails">,
): boolean {
  return Boolean(
    identity.email &&
      identity.emailVerified &&
      config.adminEmails.includes(identity.email.toLowerCase()),
  );
}
