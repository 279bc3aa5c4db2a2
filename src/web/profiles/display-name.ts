/** "ada_l" → "Ada_l", for the heading "{Username capitalised}'s Profile" (SPEC §2). */
export function capitalise(username: string): string {
  return username.charAt(0).toUpperCase() + username.slice(1);
}
