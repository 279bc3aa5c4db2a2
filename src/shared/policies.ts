/**
 * Who may do what (STYLE §5): the server's routes enforce these and the web app asks the same
 * questions to decide what to show. The actor is the viewer's profile: null or undefined when signed
 * out or before the profile is created. Usernames are unique and stored lower-case.
 */
export type PolicyActor = { username: string } | null | undefined;
export type PolicyProfile = { username: string };

/**
 * Posting, reviewing and chatting take a profile: what others read is shown under its username.
 * (Signing in comes first; a chat socket whose session has ended is refused before it gets here.)
 */
export function canPublish<Actor extends { username: string }>(
  actor: Actor | null | undefined,
): actor is Actor {
  return Boolean(actor);
}

/** One profile per identity: only a signed-in identity without one creates it. */
export function canCreateProfile(actor: PolicyActor): boolean {
  return !actor;
}

/** Only a profile's owner edits it (and sees their own show-email choice). */
export function canEditProfile(actor: PolicyActor, profile: PolicyProfile): boolean {
  return canPublish(actor) && actor.username === profile.username;
}

/** Anyone who may publish reviews anyone else; nobody reviews themselves. */
export function canReview(actor: PolicyActor, subject: PolicyProfile): boolean {
  return canPublish(actor) && actor.username !== subject.username;
}

/**
 * A profile's email: its owner always sees it; other members (signed in with a profile) only when
 * the owner chose to show it and has verified it (issue 15: anyone can type someone else's address
 * at sign-up, so an unproved one is no contact); signed-out visitors never (issue 13, item 7).
 */
export function canSeeEmail(
  actor: PolicyActor,
  profile: PolicyProfile & { showEmail: boolean; emailVerified: boolean },
): boolean {
  if (!actor) return false;
  return actor.username === profile.username || (profile.showEmail && profile.emailVerified);
}

/** A viewer as moderation asks about them: a profile, and whether ADMIN_EMAILS names them. */
export type ModerationActor = { username: string; moderator: boolean } | null | undefined;

/** Moderators (ADMIN_EMAILS, decided on the server) act on reports; nobody else. */
export function canModerate(actor: ModerationActor): boolean {
  return Boolean(actor?.moderator);
}

/**
 * What a moderator may read and act on (issue 28, item 5): an item in the queue (an open report)
 * or hidden (the hidden list, where a restore starts). Any other item, a private message above
 * all, is not theirs to open by its id: it answers as if it did not exist.
 */
export function isBeforeModerators(item: { hidden: boolean; openReports: number }): boolean {
  return item.hidden || item.openReports > 0;
}

/** Members report what others wrote, never their own. */
export function canReport(actor: PolicyActor, author: PolicyProfile): boolean {
  return canPublish(actor) && actor.username !== author.username;
}

/** Members block others, never themselves. */
export function canBlock(actor: PolicyActor, member: PolicyProfile): boolean {
  return canPublish(actor) && actor.username !== member.username;
}

/** Hidden content stays visible to its author (marked hidden) and to moderators; nobody else. */
export function canSeeHidden(actor: ModerationActor, author: PolicyProfile): boolean {
  return canModerate(actor) || (Boolean(actor) && actor?.username === author.username);
}

/** A review (issue 19): only its author edits or deletes it. */
export function canChangeReview(actor: PolicyActor, review: { username: string }): boolean {
  return canPublish(actor) && actor.username === review.username;
}

/** Only the member reviewed replies to a review, and edits or deletes that reply. */
export function canReplyToReview(actor: PolicyActor, review: { created_about: string }): boolean {
  return canPublish(actor) && actor.username === review.created_about;
}
