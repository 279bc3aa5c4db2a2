import { CacheExpiration } from "workbox-expiration";
import { apiCacheName, SERVED_FROM_CACHE_HEADER } from "../cache-names.ts";
import { accountIn, rememberSignedInAccount, signedInAccount } from "./signed-in-account.ts";
import { withTimeout } from "./with-timeout.ts";

/**
 * The API reads a member needs offline (issue 31): who is signed in, the feed and the posts and
 * profiles they opened with their reviews, their conversations and notifications, and the pictures
 * those show. Anything else (moderation, the account's sessions, search...) is never stored.
 */
const OFFLINE_READS =
  /^\/api\/(me$|articles(\/|$)|users\/|reviews$|conversations(\/|$)|notifications(\/unread)?$|avatars\/|photos\/)/;

/** How long the network may take before the stored answer is shown instead. */
const NETWORK_TIMEOUT_MS = 4000;
/** Per account: the oldest entries go first past this many. */
const MAX_ENTRIES = 300;
/** On the stored copy: when it was stored. */
const STORED_AT_HEADER = "x-stored-at";

export const isOfflineRead = (url: URL) => OFFLINE_READS.test(url.pathname);

/**
 * Network first: the network's answer when it comes within NETWORK_TIMEOUT_MS (stored for the
 * signed-in member), else the member's stored answer marked with SERVED_FROM_CACHE_HEADER, else
 * the network's answer or failure as it comes. Nobody signed in: nothing stored, nothing answered
 * from storage. /api/me's answer says who is signed in now (signed-in-account.ts).
 */
export async function readNetworkFirst(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const account = await signedInAccount();
  const network = fetch(request);
  const storing = network.then((response) => store(request, response.clone(), account));
  event.waitUntil(storing.catch(() => undefined));
  if (isSessionRead(request)) learning = storing.catch(() => undefined);
  if (!account) return network;
  try {
    return await withTimeout(network, NETWORK_TIMEOUT_MS);
  } catch {
    return (await storedAnswer(account, request)) ?? network;
  }
}

/**
 * The latest /api/me until its answer is recorded: the reads asked alongside it (a page's first
 * load) wait for it to know whose they are.
 */
let learning: Promise<void> = Promise.resolve();

const isSessionRead = (request: Request) => new URL(request.url).pathname === "/api/me";

async function store(request: Request, copy: Response, account: string | null): Promise<void> {
  if (!copy.ok) return;
  if (isSessionRead(request)) return learnFrom(request, copy, account);
  await learning;
  // Kept for whoever is signed in now. Not when another account signed in while this answer was on
  // its way: it may be the former one's. (Nobody known when it was asked: /api/me, asked alongside
  // on a page's first load, said who since; a signed-out answer holds only public reads.)
  const now = await signedInAccount();
  if (!now || (account !== null && now !== account)) return;
  await put(now, request, copy);
}

async function learnFrom(request: Request, copy: Response, account: string | null): Promise<void> {
  const now = accountIn(await copy.clone().json());
  if (now !== account) await rememberSignedInAccount(now);
  if (now) await put(now, request, copy);
}

async function put(account: string, request: Request, copy: Response): Promise<void> {
  const headers = new Headers(copy.headers);
  headers.set(STORED_AT_HEADER, new Date().toISOString());
  const name = apiCacheName(account);
  const stamped = new Response(await copy.blob(), {
    status: copy.status,
    statusText: copy.statusText,
    headers,
  });
  await (await caches.open(name)).put(request, stamped);
  const expiration = new CacheExpiration(name, { maxEntries: MAX_ENTRIES });
  await expiration.updateTimestamp(request.url);
  await expiration.expireEntries();
}

async function storedAnswer(account: string, request: Request): Promise<Response | undefined> {
  const cache = await caches.open(apiCacheName(account));
  // The cache is the member's own: Vary (Cookie, on profiles) has nothing more to tell apart.
  const stored = await cache.match(request, { ignoreVary: true });
  if (!stored) return undefined;
  const headers = new Headers(stored.headers);
  headers.set(SERVED_FROM_CACHE_HEADER, stored.headers.get(STORED_AT_HEADER) ?? "");
  return new Response(stored.body, {
    status: stored.status,
    statusText: stored.statusText,
    headers,
  });
}
