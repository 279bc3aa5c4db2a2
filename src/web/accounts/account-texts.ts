// Texts more than one accounts page says (issue 15's wording).

export const MAIL_UNAVAILABLE_TEXT =
  "Email is not set up on this server, so it cannot send you a link. Ask the people who run this site for help.";
export const INVALID_LINK_TEXT = "This link is invalid or has expired.";
export const VERIFICATION_SENT_TEXT = "Verification email sent.";
export const DELETION_CONSEQUENCES =
  "Your profile, posts, reviews and chat messages are removed. Your username stays reserved for 90 days.";
