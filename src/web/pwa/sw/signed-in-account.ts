import { ACCOUNT_CACHE, API_CACHE_PREFIX, apiCacheName } from "../cache-names.ts";

/** The one entry of ACCOUNT_CACHE. Kept in Cache Storage: a worker's memory does not outlive it. */
const ACCOUNT_KEY = "/__signed-in-account";

/** The account whose reads the worker caches and answers offline; null while nobody is signed in. */
export async function signedInAccount(): Promise<string | null> {
  const stored = await (await caches.open(ACCOUNT_CACHE)).match(ACCOUNT_KEY);
  return stored ? stored.text() : null;
}

/**
 * Records who /api/me says is signed in. Another account's cached reads, or any when nobody is
 * signed in, are deleted: a shared phone keeps at most one member's data.
 */
export async function rememberSignedInAccount(accountId: string | null): Promise<void> {
  const keep = accountId === null ? null : apiCacheName(accountId);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== keep)
      .map((name) => caches.delete(name)),
  );
  const cache = await caches.open(ACCOUNT_CACHE);
  if (accountId === null) await cache.delete(ACCOUNT_KEY);
  else await cache.put(ACCOUNT_KEY, new Response(accountId));
}

/** The account in an /api/me answer (src/shared/identity.ts MeResponse). */
export function accountIn(me: unknown): string | null {
  const id = (me as { user?: { id?: unknown } | null } | null)?.user?.id;
  return typeof id === "string" ? id : null;
}
