import { LOCAL_USER_KEY } from "../../shared/constants.ts";

/** The signed-in user's username in local storage under 'user', as a JSON string (SPEC §3). */
export function storeUsername(username: string): void {
  try {
    window.localStorage.setItem(LOCAL_USER_KEY, JSON.stringify(username));
  } catch {
    // Storage may be unavailable (private mode, quota); the session still knows the username.
  }
}

export function readStoredUsername(): string | null {
  try {
    const raw = window.localStorage.getItem(LOCAL_USER_KEY);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

export function clearStoredUsername(): void {
  try {
    window.localStorage.removeItem(LOCAL_USER_KEY);
  } catch {
    // Nothing to clear.
  }
}
