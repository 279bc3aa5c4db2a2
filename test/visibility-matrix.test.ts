import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blocks,
  directMessages,
  messages,
  posts,
  profiles,
  reviewReplies,
  reviews,
  users,
} from "../src/server/db/schema.ts";
import type { ReportTargetType } from "../src/shared/moderation.ts";
import { connectChat, isFrame } from "./harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "./harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "./harness/listening-test-app.ts";
import {
  createModerator,
  insertConversation,
  insertDirectMessage,
  insertMessage,
  insertPost,
  insertReview,
  MODERATOR_EMAILS,
  report,
} from "./harness/moderators.ts";

/**
 * One policy, every read path (issue 29, decision 018): what each viewer is shown of an item in each
 * state, through the real HTTP API and the chat's WebSocket, on both databases.
 *
 *   ✓ shown   H shown, marked hidden   B shown, marked blocked   · not there (absent or 404)
 *
 * Viewers are relative to the item's author: `blocker` blocked the author, the author blocked
 * `blocked` (blocks are one-way: the blocked member still reads the author). `removed`: the author
 * deleted the item (a profile: the account is gone). `chat-live`: the hub's filter of each open
 * socket, for a message sent while everyone is connected (hidden: a moderator hides it then, and
 * the sockets that may not see it are told to drop it). `mod-hidden-*`: the moderators' list of
 * hidden items (GET /api/moderation/hidden), one row per kind of item.
 */
const MATRIX = `
  read path             state      author  stranger  blocker  blocked  moderator  signed-out
  post-page             visible    ✓       ✓         ·        ✓        ✓          ✓
  post-page             hidden     H       ·         ·        ·        H          ·
  post-page             removed    ·       ·         ·        ·        ·          ·
  feed                  visible    ✓       ✓         ·        ✓        ✓          ✓
  feed                  hidden     ·       ·         ·        ·        ·          ·
  feed                  removed    ·       ·         ·        ·        ·          ·
  search-posts          visible    ✓       ✓         ·        ✓        ✓          ✓
  search-posts          hidden     ·       ·         ·        ·        ·          ·
  search-posts          removed    ·       ·         ·        ·        ·          ·
  profile-page          visible    ✓       ✓         B        ✓        ✓          ✓
  profile-page          hidden     H       ·         ·        ·        H          ·
  profile-page          removed    ·       ·         ·        ·        ·          ·
  search-people         visible    ✓       ✓         ·        ✓        ✓          ✓
  search-people         hidden     ·       ·         ·        ·        ·          ·
  search-people         removed    ·       ·         ·        ·        ·          ·
  reviews               visible    ✓       ✓         ·        ✓        ✓          ✓
  reviews               hidden     H       ·         ·        ·        H          ·
  reviews               removed    ·       ·         ·        ·        ·          ·
  review-replies        visible    ✓       ✓         ·        ✓        ✓          ✓
  review-replies        hidden     H       ·         ·        ·        H          ·
  review-replies        removed    ·       ·         ·        ·        ·          ·
  chat-snapshot         visible    ✓       ✓         ·        ✓        ✓          ✓
  chat-snapshot         hidden     H       ·         ·        ·        H          ·
  chat-snapshot         removed    ·       ·         ·        ·        ·          ·
  chat-live             visible    ✓       ✓         ·        ✓        ✓          ✓
  chat-live             hidden     H       ·         ·        ·        H          ·
  chat-live             removed    ·       ·         ·        ·        ·          ·
  direct-messages       visible    ✓       ✓         ·        ✓        ✓          ·
  direct-messages       hidden     H       ·         ·        ·        ·          ·
  direct-messages       removed    ·       ·         ·        ·        ·          ·
  conversation-list     visible    ✓       ✓         ·        ✓        ✓          ·
  conversation-list     hidden     H       ·         ·        ·        ·          ·
  conversation-list     removed    ·       ·         ·        ·        ·          ·
  mod-hidden-post       visible    ·       ·         ·        ·        ·          ·
  mod-hidden-post       hidden     ·       ·         ·        ·        H          ·
  mod-hidden-post       removed    ·       ·         ·        ·        ·          ·
  mod-hidden-profile    visible    ·       ·         ·        ·        ·          ·
  mod-hidden-profile    hidden     ·       ·         ·        ·        H          ·
  mod-hidden-profile    removed    ·       ·         ·        ·        ·          ·
  mod-hidden-review     visible    ·       ·         ·        ·        ·          ·
  mod-hidden-review     hidden     ·       ·         ·        ·        H          ·
  mod-hidden-review     removed    ·       ·         ·        ·        ·          ·
  mod-hidden-reply      visible    ·       ·         ·        ·        ·          ·
  mod-hidden-reply      hidden     ·       ·         ·        ·        H          ·
  mod-hidden-reply      removed    ·       ·         ·        ·        ·          ·
  mod-hidden-message    visible    ·       ·         ·        ·        ·          ·
  mod-hidden-message    hidden     ·       ·         ·        ·        H          ·
  mod-hidden-message    removed    ·       ·         ·        ·        ·          ·
  mod-hidden-dm         visible    ·       ·         ·        ·        ·          ·
  mod-hidden-dm         hidden     ·       ·         ·        ·        H          ·
  mod-hidden-dm         removed    ·       ·         ·        ·        ·          ·
`;

const VIEWERS = ["author", "stranger", "blocker", "blocked", "moderator", "signed-out"] as const;
const STATES = ["visible", "hidden", "removed"] as const;
type ViewerRole = (typeof VIEWERS)[number];
type State = (typeof STATES)[number];
type Seen = "✓" | "H" | "B" | "·";

type Row = { path: string; state: State; expected: Record<ViewerRole, Seen> };

function parseMatrix(text: string): Row[] {
  const [header, ...lines] = text.trim().split("\n");
  expect(header?.trim().split(/\s+/)).toEqual(["read", "path", "state", ...VIEWERS]);
  return lines.map((line) => {
    const [path = "", state, ...cells] = line.trim().split(/\s+/);
    expect(STATES).toContain(state);
    expect(cells).toHaveLength(VIEWERS.length);
    const expected = Object.fromEntries(VIEWERS.map((v, i) => [v, cells[i]])) as Row["expected"];
    return { path, state: state as State, expected };
  });
}

/** An item in one state, with its author (each item has its own, so the states never mix). */
type Item = { author: TestUser; id: number; word: string };
/** The people around every author: `blocker` blocked each author, each author blocked `blocked`. */
type Others = { stranger: TestUser; blocker: TestUser; blocked: TestUser; moderator: TestUser };

let t: ListeningApp;
let others: Others;
const items = new Map<string, Item>();
/** The direct message each viewer got from the author of a direct-messages item. */
const directMessageIds = new Map<string, Partial<Record<ViewerRole, number>>>();

/**
 * A fresh word of letters only (search reads it as one word): each hex digit becomes a letter of its
 * own, so the 40 random bits stay 40. (Turning every digit into "x" left so few that two authors of
 * one run once got the same name.)
 */
const word = () =>
  `zq${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)] ?? "")}`;
const as = (user: TestUser | undefined) => (user ? { cookie: user.cookie } : {});
const get = (url: string, user: TestUser | undefined) =>
  t.app.inject({ method: "GET", url, headers: as(user) });

function viewerOf(role: ViewerRole, author: TestUser): TestUser | undefined {
  if (role === "signed-out") return undefined;
  return role === "author" ? author : others[role];
}

/** A member with a profile whose username is one searchable word, among the blocks. */
async function newAuthor(): Promise<TestUser> {
  const author = await createSignedInUser(t.app, { username: word() });
  await t.database.db.insert(blocks).values([
    { blockerId: others.blocker.userId, blockedId: author.userId },
    { blockerId: author.userId, blockedId: others.blocked.userId },
  ]);
  return author;
}

const _profileId = (user: TestUser) => user.profile?.id ?? "";

/** How each kind's item is written, hidden by moderators and removed by its author. */
const KINDS = {
  post: {
    async create(author: TestUser, text: string) {
      return insertPost(t.database.db, author, `Matrix ${text}`);
    },
    hide: (id: number) =>
      t.database.db.update(posts).set({ hiddenAt: sql`now()` }).where(eq(posts.id, id)),
    async remove(item: Item) {
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/articles/${item.id}`,
        headers: as(item.author),
      });
      expect(res.statusCode).toBe(204);
    },
  },
  profile: {
    /** The item is the author's profile itself. */
    create: async () => 0,
    hide: (_id: number, author: TestUser) =>
      t.database.db
        .update(profiles)
        .set({ hiddenAt: sql`now()` })
        .where(eq(profiles.userId, author.userId)),
    remove: (item: Item) => t.database.db.delete(users).where(eq(users.id, item.author.userId)),
  },
  review: {
    /** About a member named after the item's word (plus "s"), whom the probe asks for. */
    async create(author: TestUser, text: string) {
      const subject = await createSignedInUser(t.app, { username: `${text}s` });
      return insertReview(t.database.db, author, subject);
    },
    hide: (id: number) =>
      t.database.db.update(reviews).set({ hiddenAt: sql`now()` }).where(eq(reviews.id, id)),
    async remove(item: Item) {
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/reviews/${item.id}`,
        headers: as(item.author),
      });
      expect(res.statusCode).toBe(204);
    },
  },
  /** The item is the author's reply to a review about them; `id` is the review's. */
  reply: {
    async create(author: TestUser) {
      const id = await insertReview(t.database.db, await createSignedInUser(t.app), author);
      await t.database.db.insert(reviewReplies).values({ reviewId: id, body: "Not true." });
      return id;
    },
    hide: (id: number) =>
      t.database.db
        .update(reviewReplies)
        .set({ hiddenAt: sql`now()` })
        .where(eq(reviewReplies.reviewId, id)),
    async remove(item: Item) {
      const res = await t.app.inject({
        method: "DELETE",
        url: `/api/reviews/${item.id}/reply`,
        headers: as(item.author),
      });
      expect(res.statusCode).toBe(204);
    },
  },
  message: {
    create: (author: TestUser, text: string) => insertMessage(t.database.db, author, text),
    hide: (id: number) =>
      t.database.db.update(messages).set({ hiddenAt: sql`now()` }).where(eq(messages.id, id)),
    remove: (item: Item) => t.database.db.delete(messages).where(eq(messages.id, item.id)),
  },
  /**
   * The author wrote to each member viewer in their own conversation; the one to `blocker` is stored
   * withheld, as the write path stores it (decision 010). `id`: the one to the stranger.
   */
  dm: {
    async create(author: TestUser, text: string) {
      const sent: Partial<Record<ViewerRole, number>> = {};
      for (const role of ["stranger", "blocker", "blocked", "moderator"] as const) {
        const conversation = await insertConversation(t.database.db, author, others[role]);
        sent[role] = await insertDirectMessage(t.database.db, conversation, author, text, {
          withheld: role === "blocker",
        });
      }
      sent.author = sent.stranger;
      directMessageIds.set(text, sent);
      return sent.stranger ?? 0;
    },
    hide: (_id: number, author: TestUser) =>
      t.database.db
        .update(directMessages)
        .set({ hiddenAt: sql`now()` })
        .where(eq(directMessages.senderId, author.userId)),
    remove: (_item: Item) => Promise.resolve(),
  },
} as const;
type Kind = keyof typeof KINDS;

/** Which kind's items each read path reads. */
const PATH_KIND: Record<string, Kind> = {
  "post-page": "post",
  feed: "post",
  "search-posts": "post",
  "profile-page": "profile",
  "search-people": "profile",
  reviews: "review",
  "review-replies": "reply",
  "chat-snapshot": "message",
  "direct-messages": "dm",
  "conversation-list": "dm",
  "mod-hidden-post": "post",
  "mod-hidden-profile": "profile",
  "mod-hidden-review": "review",
  "mod-hidden-reply": "reply",
  "mod-hidden-message": "message",
  "mod-hidden-dm": "dm",
};

const key = (kind: Kind, state: State) => `${kind}:${state}`;

async function createItems() {
  for (const kind of Object.keys(KINDS) as Kind[]) {
    for (const state of STATES) {
      const author = await newAuthor();
      const text = word();
      const id = await KINDS[kind].create(author, text);
      items.set(key(kind, state), { author, id, word: text });
    }
  }
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const hidden = items.get(key(kind, "hidden"));
    if (hidden) await KINDS[kind].hide(hidden.id, hidden.author);
    const removed = items.get(key(kind, "removed"));
    if (removed) await KINDS[kind].remove(removed);
  }
  // The removed direct messages go with their rows (their author cannot delete them in the app).
  const removedDm = items.get(key("dm", "removed"));
  const ids = Object.values(directMessageIds.get(removedDm?.word ?? "") ?? {});
  if (ids.length > 0)
    await t.database.db.delete(directMessages).where(inArray(directMessages.id, ids));
}

/** Whether the moderators' hidden list shows `viewer` the item (a profile is named by username). */
function listedAsHidden(type: ReportTargetType) {
  return async (item: Item, viewer: TestUser | undefined): Promise<Seen> => {
    const res = await get("/api/moderation/hidden", viewer);
    if (res.statusCode !== 200) return "·";
    const id = type === "profile" ? item.author.username : String(item.id);
    const listed = res
      .json()
      .items.some(
        (each: { target: { type: string; id: string } }) =>
          each.target.type === type && each.target.id === id,
      );
    return listed ? "H" : "·";
  };
}

/** What `viewer` is shown of `item` on each read path. */
const PROBES: Record<
  string,
  (item: Item, viewer: TestUser | undefined, role: ViewerRole) => Promise<Seen>
> = {
  async "post-page"(item, viewer) {
    const res = await get(`/api/articles/${item.id}`, viewer);
    if (res.statusCode === 404) return "·";
    expect(res.statusCode).toBe(200);
    return res.json().article.hidden ? "H" : "✓";
  },
  async feed(item, viewer) {
    const res = await get("/api/articles?limit=50", viewer);
    const ids = res.json().articles.map((post: { id: number }) => post.id);
    return ids.includes(item.id) ? "✓" : "·";
  },
  async "search-posts"(item, viewer) {
    const res = await get(`/api/search/posts?q=${item.word}`, viewer);
    const ids = res.json().articles.map((post: { id: number }) => post.id);
    return ids.includes(item.id) ? "✓" : "·";
  },
  async "profile-page"(item, viewer) {
    const res = await get(`/api/users/username/${item.author.username}`, viewer);
    if (res.statusCode === 404) return "·";
    const { user } = res.json();
    return user.hidden ? "H" : user.blocked ? "B" : "✓";
  },
  async "search-people"(item, viewer) {
    const res = await get(`/api/search/people?q=${item.author.username}`, viewer);
    const names = res.json().users.map((user: { username: string }) => user.username);
    return names.includes(item.author.username) ? "✓" : "·";
  },
  async reviews(item, viewer) {
    const res = await get(`/api/reviews?created_about=${item.word}s`, viewer);
    const review = res.json().reviews.find((each: { id: number }) => each.id === item.id);
    return review ? (review.hidden ? "H" : "✓") : "·";
  },
  async "review-replies"(item, viewer) {
    const res = await get(`/api/reviews?created_about=${item.author.username}`, viewer);
    const review = res.json().reviews.find((each: { id: number }) => each.id === item.id);
    if (!review?.reply) return "·";
    return review.reply.hidden ? "H" : "✓";
  },
  async "chat-snapshot"(item, viewer) {
    const client = await connectChat(t.url, viewer ? { cookie: viewer.cookie } : {});
    try {
      const snapshot = await client.waitFor(isFrame("snapshot"));
      const message = snapshot.messages.find((each) => each.id === item.id);
      return message ? (message.hidden ? "H" : "✓") : "·";
    } finally {
      await client.close();
    }
  },
  async "direct-messages"(item, viewer, role) {
    const id = directMessageIds.get(item.word)?.[role];
    const other = role === "author" ? others.stranger : item.author;
    const res = await get(`/api/conversations/with/${other.username}`, viewer);
    if (res.statusCode !== 200 || id === undefined) return "·";
    const message = res.json().messages.find((each: { id: number }) => each.id === id);
    return message ? (message.hidden ? "H" : "✓") : "·";
  },
  /**
   * GET /api/conversations (401 signed out): the conversation with the other member is listed with
   * the item as its last message, and the message counts as unread for its recipient only; the
   * unread total agrees.
   */
  async "conversation-list"(item, viewer, role) {
    const id = directMessageIds.get(item.word)?.[role];
    const other = role === "author" ? others.stranger : item.author;
    const res = await get("/api/conversations?limit=50", viewer);
    if (!viewer) {
      expect(res.statusCode).toBe(401);
      return "·";
    }
    expect(res.statusCode).toBe(200);
    const listed = res
      .json()
      .conversations.find(
        (each: { with: { username: string } }) => each.with.username === other.username,
      );
    if (!listed || id === undefined || listed.last_message?.id !== id) return "·";
    expect(listed.unread).toBe(role === "author" ? 0 : 1);
    const total = await get("/api/conversations/unread", viewer);
    expect(total.json().total).toBeGreaterThanOrEqual(listed.unread);
    return listed.last_message.hidden ? "H" : "✓";
  },
  "mod-hidden-post": listedAsHidden("post"),
  "mod-hidden-profile": listedAsHidden("profile"),
  "mod-hidden-review": listedAsHidden("review"),
  "mod-hidden-reply": listedAsHidden("review-reply"),
  "mod-hidden-message": listedAsHidden("message"),
  "mod-hidden-dm": listedAsHidden("direct-message"),
};

/** A member of the live rows: blocks written through the API, so every instance's cache hears. */
async function newLiveAuthor(): Promise<TestUser> {
  const author = await createSignedInUser(t.app, { username: word() });
  const block = (by: TestUser, whom: TestUser) =>
    t.app.inject({ method: "PUT", url: `/api/blocks/${whom.username}`, headers: as(by) });
  expect((await block(others.blocker, author)).statusCode).toBe(200);
  expect((await block(author, others.blocked)).statusCode).toBe(200);
  return author;
}

/** The author's socket sends a message; its id (-1 when there is no author socket). */
async function sendAsAuthor(
  authorSocket: Awaited<ReturnType<typeof connectChat>> | undefined,
): Promise<number> {
  if (!authorSocket) return -1;
  const text = `live ${word()}`;
  authorSocket.send({ type: "send", text, clientId: word() });
  const sent = await authorSocket.waitFor(
    (frame) => frame.type === "message" && frame.message.text === text,
  );
  return sent.type === "message" ? sent.message.id : -1;
}

/** A stranger reports the message and a moderator hides it. */
async function reportAndHideMessage(id: number): Promise<void> {
  expect((await report(t.app, others.stranger, { type: "message", id })).statusCode).toBe(201);
  const hide = await t.app.inject({
    method: "POST",
    url: `/api/moderation/items/message/${id}/hide`,
    headers: as(others.moderator),
    payload: {},
  });
  expect(hide.statusCode).toBe(200);
}

/**
 * The chat hub's per-socket filter (the JS face): every viewer's socket is open, the author sends a
 * message; for `hidden`, a stranger reports it and a moderator hides it. A bystander's message
 * after that tells when every socket has had all it will get (frames go out in order).
 */
async function chatLive(state: State): Promise<Record<ViewerRole, Seen>> {
  const author = await newLiveAuthor();
  const bystander = await createSignedInUser(t.app);
  const sockets = new Map<ViewerRole, Awaited<ReturnType<typeof connectChat>>>();
  for (const role of VIEWERS) {
    const viewer = viewerOf(role, author);
    const client = await connectChat(t.url, viewer ? { cookie: viewer.cookie } : {});
    await client.waitFor(isFrame("snapshot"));
    sockets.set(role, client);
  }
  try {
    const id = state === "removed" ? -1 : await sendAsAuthor(sockets.get("author"));
    if (state === "hidden") await reportAndHideMessage(id);
    const bystanderSocket = await connectChat(t.url, { cookie: bystander.cookie });
    await bystanderSocket.waitFor(isFrame("snapshot"));
    const marker = `marker ${word()}`;
    bystanderSocket.send({ type: "send", text: marker, clientId: word() });
    const seen = {} as Record<ViewerRole, Seen>;
    for (const [role, client] of sockets) {
      await client.waitFor((frame) => frame.type === "message" && frame.message.text === marker);
      const got = client.frames.some(
        (frame) => frame.type === "message" && frame.message.id === id,
      );
      const dropped = client.frames.some((frame) => frame.type === "hidden" && frame.id === id);
      seen[role] = !got || dropped ? "·" : state === "hidden" ? "H" : "✓";
    }
    await bystanderSocket.close();
    return seen;
  } finally {
    for (const client of sockets.values()) await client.close();
  }
}

/** Read paths whose viewers must all be there at once: probed together. */
const GROUP_PROBES: Record<string, (state: State) => Promise<Record<ViewerRole, Seen>>> = {
  "chat-live": chatLive,
};

beforeAll(async () => {
  t = await listeningTestApp({
    moderation: { adminEmails: MODERATOR_EMAILS, autoHideThreshold: 3 },
  });
  others = {
    stranger: await createSignedInUser(t.app),
    blocker: await createSignedInUser(t.app),
    blocked: await createSignedInUser(t.app),
    moderator: await createModerator(t.app),
  };
  await createItems();
});

afterAll(async () => {
  await t?.close();
});

const ROWS = parseMatrix(MATRIX);

describe("one visibility policy over every read path", () => {
  it("covers every read path in every state", () => {
    const paths = [...Object.keys(PROBES), ...Object.keys(GROUP_PROBES)];
    for (const path of paths) {
      expect(ROWS.filter((row) => row.path === path).map((row) => row.state)).toEqual([...STATES]);
    }
    expect(new Set(ROWS.map((row) => row.path))).toEqual(new Set(paths));
  });

  it.each(ROWS.map((row) => [row.path, row.state, row] as const))(
    "%s, %s item: each viewer sees what the table says",
    async (path, state, row) => {
      const group = GROUP_PROBES[path];
      if (group) {
        expect(await group(state)).toEqual(row.expected);
        return;
      }
      const item = items.get(key(PATH_KIND[path] ?? "post", state));
      if (!item) throw new Error(`no ${state} item for ${path}`);
      const probe = PROBES[path];
      if (!probe) throw new Error(`no probe for ${path}`);
      const seen = {} as Record<ViewerRole, Seen>;
      for (const role of VIEWERS) seen[role] = await probe(item, viewerOf(role, item.author), role);
      expect(seen).toEqual(row.expected);
    },
  );
});
