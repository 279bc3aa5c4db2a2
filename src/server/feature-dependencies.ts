/**
 * Which part of the server may use which: the one source of the boundary rules in
 * `.dependency-cruiser.cjs` (one rule per part) and of the "Who uses whom" table in
 * docs/architecture.md, which `node scripts/architecture-table.ts --write` writes from it.
 * `npm run check` fails when the table differs, when a folder of src/server is missing here, or
 * when a use declared here is not in the code any more (issue 29).
 *
 * A feature uses another only through that one's `index.ts` (rule feature-through-its-public-module),
 * and only the features listed under `uses`, each with the reason. Every feature may use the
 * platform parts below.
 */

/** Parts every feature may use; they use no feature. `planned` ones do not exist yet (issue 29). */
export const platform: Record<string, { job: string; uses: readonly string[]; planned?: true }> = {
  metrics: {
    job: "what /metrics answers: the process's counters, each app's requests and gauges",
    uses: [],
  },
  db: {
    job: "schema, migrations, storage, prepared statements, read caches",
    uses: ["metrics"],
  },
  http: { job: "error shape, CSRF, headers, the SPA: what every route shares", uses: ["db"] },
  schedule: {
    job: "time inside the server: a clock tests control, jobs that repeat on every instance",
    uses: ["metrics"],
  },
  events: {
    job: "the domain events: announced in a write, one NOTIFY channel, one LISTEN, subscribers by type",
    uses: ["db"],
  },
};

/** Each feature and the features it uses, with why. A feature not listed may use none. */
export const features: Record<string, Record<string, string>> = {
  limits: {},
  write: { limits: "counts the write against its limit in the same transaction" },
  visibility: {
    auth: "the viewer, moderators",
    blocks: "who blocked whom (the blocks cache)",
  },
  live: {
    auth: "the socket's session",
    blocks: "each reader's blocks, kept fresh",
    limits: "the upgrade's per-address counts",
    visibility: "the viewer filter",
  },
  avatars: {},
  mail: {},
  health: {},
  pages: {},
  auth: {
    limits: "the per-address counts",
    write: "each change is one write(): limit, locks, events",
  },
  blocks: {
    auth: "the viewer",
    write: "each change is one write(): limit, locks, events",
  },
  places: { auth: "the viewer's area" },
  reviews: {
    write: "each change is one write(): limit, locks, events",
    visibility: "what a reader may see: hidden items, blocked members",
    auth: "the viewer; the author account's age (a new account's review is held)",
    blocks: "leaves out blocked members",
    "direct-messages": "whether author and subject both wrote in a conversation (contact-backed)",
  },
  profiles: {
    write: "each change is one write(): limit, locks, events",
    visibility: "what a reader may see: hidden items, blocked members",
    auth: "the viewer; names the account after its new profile",
    avatars: "the avatar's address",
    reviews: "a profile's review counts and rating sum, and which reviews count",
    places: "the profile's area",
    "direct-messages": "how the member answers messages (responsiveness)",
    skills: "members choose skills and interests from the skill list",
  },
  posts: {
    write: "each change is one write(): limit, locks, events",
    visibility: "what a reader may see: hidden items, blocked members",
    auth: "the viewer",
    avatars: "the author's avatar address",
    blocks: "leaves out blocked members",
    places: "the post's area and the distance filter",
  },
  chat: {
    write: "each change is one write(): limit, locks, events",
    live: "publishes the room's and direct messages' frames as a peer",
    visibility: "what a reader may see: hidden items, blocked members",
    auth: "the socket's session",
  },
  moderation: {
    write: "each change is one write(): limit, locks, events",
    visibility: "what a reader may see: hidden items, blocked members",
    auth: "the viewer, moderators; suspends an account",
    limits: "write limits",
    posts: "hides and restores posts (posts tells every cache)",
    chat: "hides and restores chat messages (chat tells the sockets); suspensions close sockets",
    reviews: "hides and restores reviews and replies",
    profiles: "hides and restores profiles",
    "direct-messages": "hides and restores direct messages",
  },
  "direct-messages": {
    write: "each change is one write(): limit, locks, events",
    visibility: "what a reader may see: hidden items, blocked members",
    auth: "the viewer",
    limits: "write limits",
    blocks: "withholds a blocked sender's message",
    posts: "the post a conversation started from (its title, by the recipient)",
    chat: "the hub delivers its frames, from a NOTIFY channel of its own, so chat needs no direct-messages",
  },
  accounts: {
    write: "each change is one write(): limit, locks, events",
    auth: "sessions, passwords, identities; the account's own row (address, password, deletion)",
    profiles: "retires a deleted member's username; the contact address follows a new address",
    posts: "remembers a deleted member's posts as removed",
    mail: "verification and reset mails, and the mails queued to an address (the mail limits)",
    moderation: "a deleted member's name leaves the log",
    places: "the area in the export",
    chat: "signs a deleted account out of every socket",
    visibility: "the export leaves out the withheld reviews a member received",
    notifications: "the export lists the member's notifications and settings",
    push: "the export lists the devices push is on for",
  },
  search: {
    visibility: "what a reader may see: hidden items, blocked members",
    places: "the distance filter",
    posts: "a post's columns and wire shape",
    reviews: "which reviews count in people's ratings (not hidden, withheld or held)",
    skills: "a skill chip and a search's words match people and posts through skills and synonyms",
  },
  notifications: {
    write: "each change is one write(): limit, locks, events",
    auth: "the member",
    blocks: "a reply by a member the review's author blocked does not notify",
    live: "tells a member's sockets that their entries changed",
    mail: "mails what stays unread, through the outbox",
    visibility: "leaves out entries by members the reader blocked",
    search: "a saved search keeps the search's words as its SQL",
    places: "a saved search's centre and a new post's distance from it",
    posts:
      "claims the posts due a 'Still offering …?' reminder; its one-click links keep, fill or remove them",
  },
  push: {
    write: "each change is one write(): limit, locks, events",
    auth: "the member",
    notifications:
      "each entry as it is now, the bell's count, the push settings; its keys table keeps the VAPID pair",
  },
  "test-clock": {},
  discovery: {
    visibility: "what a signed-out visitor may see: previews and the sitemap show only that",
    posts: "which posts still run (expiry)",
  },
  skills: {
    write: "each change is one write(): limit, locks, events",
    auth: "moderators change the vocabulary",
  },
  photos: {
    write: "each change is one write(): limit, locks, events",
    visibility: "what a reader may see: hidden items, blocked members",
    auth: "the viewer",
    limits: "write limits",
    avatars: "the generated avatar when a photo is removed",
    profiles: "requireOwnProfile decides who may change a photo; sets the profile's img_url",
  },
};

/**
 * Each feature's tables are in src/server/db/tables/<feature>.ts, and a feature imports only its own
 * (rule feature-uses-only-its-own-tables): others' data through their index.ts. These are the
 * exceptions, each a feature that reads (or, where it says "writes", changes) another's table
 * directly, with the reason; most are joins in one query that a function could not replace
 * without a second round trip. Fewer is better: move one behind the owner's index.ts and delete it.
 */
export const foreignTables: Record<string, Record<string, string>> = {
  visibility: {
    blocks: "the SQL face: not-exists on blocks inside each read's own query",
    profiles:
      "the SQL face: an item by a hidden profile is hidden too; a member's items by their profile",
  },
  accounts: {
    auth: "a link's address is still the account's; the addresses a deletion erases; the export",
    chat: "the export lists the member's chat messages",
    "direct-messages": "the export lists the member's conversations",
    posts: "the export lists the member's posts",
    profiles: "the export reads the profile",
    reviews: "the export lists the member's reviews",
  },
  auth: {
    accounts: "writes: a password change or reset ends the pending links (account_tokens)",
    profiles: "the viewer's one query joins session, user and profile (decision 015)",
  },
  blocks: { profiles: "finds the member to block by username" },
  chat: {
    "direct-messages": "a direct message's frame is read from its row",
    profiles: "a message's author name and photo",
  },
  "direct-messages": { profiles: "a member by username, with name and photo" },
  limits: { auth: "an account's age decides its limits (users.created_at)" },
  moderation: {
    auth: "reads: an item's author, reporters and members by id, with their suspension",
    chat: "reads: a reported chat message with its author, in one query",
    "direct-messages":
      "reads: a reported direct message, its conversation and its earlier messages",
    posts: "reads: a reported post with its author, and the posts their authors removed",
    profiles: "reads: a reported profile; authors' names in the queue and the log",
    reviews: "reads: a reported review or reply with its author and subject",
  },
  notifications: {
    auth: "reads: the recipient's address and whether it is verified, for mail",
    profiles: "reads: each entry's actor, named with their photo, in the list's one query",
    posts:
      "reads: a new post is matched against saved searches, and the digest's posts, in one query",
  },
  photos: { profiles: "reads: a photo's owner and whether moderators hid them, in one query" },
  discovery: {
    auth: "reads: whether a post's or profile's member is suspended, in the preview's one query",
    posts: "reads: a public post for its preview, and the sitemap's pages of posts",
    profiles: "reads: a public profile for its preview, its noindex choice, the sitemap's pages",
  },
  posts: {
    profiles: "the feed's author filters join the author's profile",
  },
  profiles: {
    auth: "the page's email and whether its owner verified it",
    reviews: "the page's review count and rating sum in its one query (decision 015)",
  },
  reviews: {
    profiles: "a review's author and subject by username, with name and photo",
  },
  search: {
    posts: "ranks posts' search_vector in one query (decision 012)",
    profiles: "ranks profiles' search_vector in one query (decision 012)",
    reviews: "people's ratings in the same ranked query",
  },
};

/** The table files a feature may import: its own, the shared columns and its exceptions. */
export function tablesFor(feature: string): string[] {
  return [feature, "columns", ...Object.keys(foreignTables[feature] ?? {})];
}

/** The parts a feature may import: its own folder, the platform and the features it uses. */
export function allowedFor(feature: string): string[] {
  return [feature, ...Object.keys(platform), ...Object.keys(features[feature] ?? {})];
}

/** The table docs/architecture.md shows, one row per feature, in the order above. */
export function featureTable(): string {
  const usedBy = (name: string) =>
    Object.keys(features).filter((other) => name in (features[other] ?? {}));
  const rows = Object.entries(features).map(([name, uses]) => {
    const used = Object.entries(uses).map(([other, why]) => `\`${other}\` (${why})`);
    const users = usedBy(name).map((other) => `\`${other}\``);
    return `| \`${name}\` | ${used.join("; ") || "no feature"} | ${users.join(", ") || "none"} |`;
  });
  const platformRows = Object.entries(platform).map(
    ([name, part]) =>
      `| \`${name}\`${part.planned ? " (planned)" : ""} | ${part.job}; uses ${part.uses.map((p) => `\`${p}\``).join(", ") || "no other part"} | every feature |`,
  );
  const exceptions = Object.entries(foreignTables).flatMap(([feature, tables]) =>
    Object.entries(tables).map(([owner, why]) => `| \`${feature}\` | \`${owner}\` | ${why} |`),
  );
  return [
    "| part | uses (why) | used by |",
    "|---|---|---|",
    ...platformRows,
    ...rows,
    "",
    `Tables used outside their feature (${exceptions.length} exceptions to the rule feature-uses-only-its-own-tables):`,
    "",
    "| feature | tables of | why |",
    "|---|---|---|",
    ...exceptions,
    "",
  ].join("\n");
}
