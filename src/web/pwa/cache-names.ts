// What the page and the service worker (src/web/sw.ts) both name: its caches and its header.

/** A member's offline reads live in `api-<account id>`: one cache per account, never shared. */
export const API_CACHE_PREFIX = "api-";

/** Which account the service worker caches reads for, as learned from /api/me's answers. */
export const ACCOUNT_CACHE = "ylt-account";

/** On an API answer the service worker gave from its cache: when that answer was stored (ISO). */
export const SERVED_FROM_CACHE_HEADER = "x-served-from-cache";

export const apiCacheName = (accountId: string) => `${API_CACHE_PREFIX}${accountId}`;
