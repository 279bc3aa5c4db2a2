/**
 * Who may do what (STYLE §5): the server's routes enforce these and the web app mirrors them to
 * decide which buttons to show. The actor is the viewer's profile: null or undefined when signed
 * out or before the profile is created. Usernames are unique and stored lower-case.
 */
export type PolicyActor = { username: string } | null | undefined;
export type PolicyProfile = { username: string };

/** Only a profile's owner edits it. */
export function canEditProfile(actor: PolicyActor, profile: PolicyProfile): boolean {
  return Boolean(actor) && actor?.username === profile.username;
}

/** Anyone with a profile reviews anyone else; nobody reviews themselves. */
export function canReview(actor: PolicyActor, subject: PolicyProfile): boolean {
  return Boolean(actor) && actor?.username !== subject.username;
}

/**
 * A profile's email: its owner always sees it; other members (signed in with a profile) only when
 * the owner chose to show it; signed-out visitors never (issue 13, item 7).
 */
export function canSeeEmail(
  actor: PolicyActor,
  profile: PolicyProfile & { showEmail: boolean },
): boolean {
  if (!actor) return false;
  return actor.username === profile.username || profile.showEmail;
}
