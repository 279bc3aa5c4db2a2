import type { FastifyBaseLogger } from "fastify";
import { appAddress, listensLocallyOnly } from "./app-address.ts";
import type { Config } from "./config.ts";

/**
 * What an operator reads once the server listens (issue 34): where to open it, that it answers
 * this machine only (and how to change that), where development mail shows, and that nobody
 * moderates yet. One line each, only when it applies.
 */
export function logStartNotes(config: Config, log: FastifyBaseLogger): void {
  const address = appAddress(config);
  log.info(`open ${address}`);
  if (listensLocallyOnly(config) && config.nodeEnv !== "production") {
    log.info(
      `listening on ${config.host} only: other machines cannot reach it; set HOST=0.0.0.0 to accept them`,
    );
  }
  if (config.devMailViewer && config.nodeEnv !== "production") {
    log.info(`mail viewer: ${address}/dev/mail lists what the outbox would have sent`);
  }
  if (config.moderation.adminEmails.length === 0) {
    log.warn(
      "moderation: nobody moderates yet (ADMIN_EMAILS is empty): reports are kept, but no one reviews them; list a member's verified email in ADMIN_EMAILS and restart (README, Moderators)",
    );
  }
}
