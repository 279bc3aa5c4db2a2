import { type MailContent, type OutgoingMail, renderMail } from "../mail/index.ts";

/**
 * What the account mails say (issue 15). Each carries at most one link, the one-time link it is
 * about, and nothing secret besides.
 */

type LinkMailText = Omit<MailContent, "to" | "action"> & { label: string };

/** A mail to `to` whose one action is the link `url`, labelled `label`. */
const linkMail =
  ({ label, ...text }: LinkMailText) =>
  (to: string, url: string): OutgoingMail =>
    renderMail({ to, ...text, action: { label, url } });

export const verificationMail = linkMail({
  subject: "Confirm your email for Your Local Talents",
  heading: "Confirm your email",
  paragraphs: [
    "Welcome to Your Local Talents. Please confirm that this is your email address: until you do, members do not see it on your profile.",
    "The link works once, within 24 hours.",
    "If you did not create this account, someone typed your address. You can ignore this mail, or take the account over with “Forgot password?” on the sign-in page.",
  ],
  label: "Confirm my email",
});

export const resetPasswordMail = linkMail({
  subject: "Reset your Your Local Talents password",
  heading: "Reset your password",
  paragraphs: [
    "Someone, we hope you, asked to reset the password of the Your Local Talents account that uses this address.",
    "The link works once, within 1 hour. Setting a new password signs the account out everywhere else.",
    "If you did not ask, ignore this mail: your password stays as it is.",
  ],
  label: "Set a new password",
});

export const changeEmailMail = linkMail({
  subject: "Confirm your new email for Your Local Talents",
  heading: "Confirm your new email",
  paragraphs: [
    "You asked to use this address for your Your Local Talents account.",
    "Your account keeps its current address until you follow this link. The link works once, within 24 hours.",
    "If you did not ask, ignore this mail.",
  ],
  label: "Confirm my new email",
});

/** To the address an account just left: the new one is not named (it is not this reader's). */
export const emailChangedNotice = linkMail({
  subject: "Your email was changed",
  heading: "Your email was changed",
  paragraphs: [
    "The email address of your Your Local Talents account was changed: mail about the account now goes to the new address, and you sign in with it.",
    "If you did not make this change, someone else may have your password. Sign in and change your password, or contact the people who run this site.",
  ],
  label: "Sign in",
});
