// Without zod: the login page shows this and loads no zod (decision 009).

/** What a suspended account reads when it tries to sign in. */
export function suspendedMessage(until: string | null): string {
  if (!until || until === "indefinite") {
    return "Your account is suspended until a moderator lifts the suspension.";
  }
  const when = new Date(until).toLocaleString("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return `Your account is suspended until ${when} UTC.`;
}
