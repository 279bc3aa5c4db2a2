import { CONTACT_BACKED_TEXT } from "../../shared/trust.ts";

/**
 * "Met through a conversation" (issue 32): the review's author and the member reviewed had both
 * written in a direct conversation before it; decided by the server.
 */
export function ContactBadge() {
  return <span className="badge contact-badge">{CONTACT_BACKED_TEXT}</span>;
}
