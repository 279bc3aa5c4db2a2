/** A message of ours the server has not acknowledged yet. */
export type OutgoingMessage = {
  clientId: string;
  text: string;
  status: "pending" | "failed";
  error?: string;
};

/** 128 random bits; unlike crypto.randomUUID this also works on plain-http origins. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
