/**
 * What the floor and peer servers answer, with no framework and no ORM on the request path: for
 * each measured route the app's own statements (floor-sql.ts), run in the app's order and
 * parallelism, and the app's JSON shape. The statements are taken once at start: from the builders
 * the server exports, or captured from the repository function through Drizzle's logger where the
 * server exports none (topic feed, search, the post write). bench/README.md lists what each runs.
 */

import { hashToken } from "../src/server/auth/secret-token.ts";
import { viewerQueryForText } from "../src/server/auth/viewer-query.ts";
import { decodeCursor, encodeCursor } from "../src/server/db/position-cursor.ts";
import { responsivenessOf } from "../src/server/direct-messages/index.ts";
import { liftedWriteLimits } from "../src/server/limits/write-limit-rules.ts";
import {
  feedPageQuery,
  insertPost,
  listPosts,
  ownPostColumns,
  postByIdQuery,
  postColumns,
} from "../src/server/posts/posts-repository.ts";
import { profilePageQueryForText } from "../src/server/profiles/profile-page-query.ts";
import { reviewsPageQueryForText } from "../src/server/reviews/reviews-page-query.ts";
import { presentPostHit } from "../src/server/search/search-presenter.ts";
import { searchPosts } from "../src/server/search/search-repository.ts";
import { searchTextOf } from "../src/server/search/search-text.ts";
import { write } from "../src/server/write/index.ts";
import { storedUsername } from "../src/shared/profiles.ts";
import { REVIEWS_PAGE_DEFAULT } from "../src/shared/reviews.ts";
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE } from "../src/shared/search.ts";
import { presentPost, presentProfile, presentReviews, type Viewer } from "./floor-answers.ts";
import type { FloorDb, Row, Run } from "./floor-db.ts";
import { columnPaths, type Statement, statementOf, templateOf } from "./floor-sql.ts";

export type FloorRequest = {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  cookie: string | undefined;
  /** The JSON body, parsed (undefined without one). */
  body: unknown;
};
export type FloorAnswer = { status: number; json: unknown };

const FEED_PAGE = 20;
/** Values no request sends, so a captured statement's parameters are told apart. */
const CAPTURE = {
  limit: 987_654,
  topic: "Floor-capture-topic",
  word: "zqxfloorword",
  title: "Floor capture title",
  body: "Floor capture body, never committed.",
  postTopic: "Floor capture topic",
};

const notFound = (message: string): FloorAnswer => ({
  status: 404,
  json: { error: { code: "not-found", message } },
});

function sessionToken(cookie: string | undefined): string | undefined {
  if (!cookie) return undefined;
  for (const part of cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === "__Host-ylt_session" || name === "ylt_session") return value.join("=");
  }
  return undefined;
}

type Capturing = ReturnType<FloorDb["capturing"]>["db"];

/** The statements `work` runs on `db`, captured (not the rows). */
async function capture(db: FloorDb, work: (capturing: Capturing) => Promise<unknown>) {
  const capturing = db.capturing();
  await work(capturing.db);
  return capturing.captured;
}

/** The topic feed and search statements, captured from the repository functions. */
async function capturedReads(db: FloorDb) {
  const postPaths = columnPaths(postColumns);
  const [topicCaptured] = await capture(db, (c) =>
    listPosts(c, { limit: CAPTURE.limit, now: new Date(), topic: CAPTURE.topic }),
  );
  const captureText = searchTextOf(CAPTURE.word);
  const [searchCaptured] = await capture(db, (c) =>
    searchPosts(c, {
      text: captureText,
      now: new Date(),
      centre: null,
      excludedAuthors: [],
      page: 1,
    }),
  );
  if (!topicCaptured || !searchCaptured) throw new Error("captured no topic or search statement");
  const topicPage: Statement = {
    ...templateOf(topicCaptured, { limit: CAPTURE.limit, topic: CAPTURE.topic }),
    columns: postPaths,
  };
  const searchPage: Statement = {
    ...templateOf(searchCaptured, { tsquery: captureText?.tsquery, plain: captureText?.plain }),
    columns: [...postPaths, ["distanceMeters"], ["titleMarked"], ["bodyMarked"]],
  };
  return { topicPage, searchPage };
}

async function prepareStatements(db: FloorDb) {
  const d = db.drizzle;
  const profilePage = statementOf(profilePageQueryForText(d), "profile_page");
  return {
    viewer: statementOf(viewerQueryForText(d), "viewer_by_session"),
    byId: statementOf(postByIdQuery(d), "articles_by_id"),
    feedFirst: statementOf(feedPageQuery(d, false), "articles_feed_first"),
    feedAfter: statementOf(feedPageQuery(d, true), "articles_feed_after"),
    profilePage,
    profileNeedsViewer: profilePage.params.some(
      (param) => "placeholder" in param && param.placeholder === "viewerId",
    ),
    reviewsPage: {
      anonymous: statementOf(
        reviewsPageQueryForText(d, "anonymous", false),
        "reviews_page_anonymous_first",
      ),
      member: statementOf(reviewsPageQueryForText(d, "member", false), "reviews_page_member_first"),
    },
    ...(await capturedReads(db)),
  };
}

type Floor = {
  db: FloorDb;
  s: Awaited<ReturnType<typeof prepareStatements>>;
  /** The post write's statements, captured from the app's own write on the first request. */
  writeStatements: Statement[] | null;
};

async function viewerOf(floor: Floor, cookie: string | undefined): Promise<Viewer> {
  const token = sessionToken(cookie);
  if (!token) return null;
  const [row] = await floor.db.run(floor.s.viewer, {
    tokenHash: hashToken(token),
    now: new Date().toISOString(),
  });
  return row
    ? { identity: row.identity as Row, profile: (row.profile as Row | null) ?? null }
    : null;
}

function feedAnswer(rows: Row[]) {
  const page = rows.slice(0, FEED_PAGE);
  const last = page.at(-1);
  return {
    articles: page.map(presentPost),
    nextCursor:
      rows.length > FEED_PAGE && last
        ? encodeCursor({ createdAt: last.createdAt as string, id: Number(last.id) })
        : null,
  };
}

type PostIds = { userId: string; profileId: string; username: string };

async function captureWrite(db: FloorDb, viewer: PostIds, kind: string) {
  const rollback = new Error("floor capture: rolled back");
  const post = { title: CAPTURE.title, topic: CAPTURE.postTopic, body: CAPTURE.body };
  const captured = await capture(db, (c) =>
    write(
      c,
      async (tx) => {
        await insertPost(
          tx,
          { id: viewer.profileId, username: viewer.username },
          {
            ...post,
            kind: kind as "offering",
            expiresAt: new Date(Date.now() + 60 * 86_400_000),
            areaId: null,
            areaName: null,
            areaCountry: null,
            areaLat: null,
            areaLng: null,
          },
        );
        throw rollback;
      },
      { limits: liftedWriteLimits(), userId: viewer.userId, action: "post" },
    ).catch((error) => {
      if (error !== rollback) throw error;
    }),
  );
  const inputs = { userId: viewer.userId, profileId: viewer.profileId, ...post, kind };
  return captured.map((each) => {
    const statement = templateOf(each, inputs);
    return /\breturning\b/i.test(each.text)
      ? { ...statement, columns: columnPaths(ownPostColumns) }
      : statement;
  });
}

async function createPost(floor: Floor, request: FloorRequest): Promise<FloorAnswer> {
  const viewer = await viewerOf(floor, request.cookie);
  if (!viewer?.profile) return { status: 401, json: { error: { code: "not-signed-in" } } };
  const input = request.body as { title: string; topic: string; body: string; type?: string };
  const kind = input.type ?? "offering";
  const profile = viewer.profile;
  const ids = {
    userId: viewer.identity.id as string,
    profileId: profile.id as string,
    username: profile.username as string,
  };
  floor.writeStatements ??= await captureWrite(floor.db, ids, kind);
  const statements = floor.writeStatements;
  const values = { ...ids, title: input.title, topic: input.topic, body: input.body, kind };
  const post = await floor.db.transaction(async (run: Run) => {
    let inserted: Row | undefined;
    for (const statement of statements) {
      const rows = await run(statement, values);
      if (statement.columns.length > 0) inserted = rows[0];
    }
    return inserted;
  });
  if (!post) throw new Error("the post write returned no row");
  return {
    status: 201,
    json: {
      article: presentPost({ ...post, username: ids.username, authorImgUrl: profile.imgUrl }),
    },
  };
}

const invalidInput: FloorAnswer = { status: 400, json: { error: { code: "invalid-input" } } };

async function feedRoute(floor: Floor, { query, cookie }: FloorRequest): Promise<FloorAnswer> {
  const { db, s } = floor;
  const cursor = query.get("cursor");
  const topic = query.get("topic");
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after) return invalidInput;
  // As the app: the viewer first (its blocks narrow the feed), then the page.
  await viewerOf(floor, cookie);
  const limit = FEED_PAGE + 1;
  const now = new Date().toISOString();
  const rows = topic
    ? await db.run(s.topicPage, { limit, now, topic })
    : after
      ? await db.run(s.feedAfter, { limit, now, afterTime: after.createdAt, afterId: after.id })
      : await db.run(s.feedFirst, { limit, now });
  return { status: 200, json: feedAnswer(rows) };
}

async function postRoute(floor: Floor, { cookie }: FloorRequest, id: string) {
  // As the app: the viewer and the post at once.
  const [, rows] = await Promise.all([
    viewerOf(floor, cookie),
    floor.db.run(floor.s.byId, { id: Number(id) }),
  ]);
  const [row] = rows;
  if (!row || row.hidden) return notFound("There is no such post.");
  return { status: 200, json: { article: presentPost(row) } };
}

async function profileRoute(floor: Floor, { cookie }: FloorRequest, name: string) {
  const { db, s } = floor;
  const username = decodeURIComponent(name);
  // As the app: the viewer and the profile page at once, or the viewer first when the page
  // reads whether the viewer blocked its owner (placeholder viewerId).
  const stored = storedUsername(username);
  const now = new Date();
  const page = { username: stored, now: now.toISOString() };
  // The member's responsiveness (issue 32) is the app's own one query, run beside the page's.
  const responsiveness = responsivenessOf(db.drizzle, stored, now);
  const [viewer, rows] = s.profileNeedsViewer
    ? await viewerOf(floor, cookie).then(async (found) => {
        const viewerId = found?.identity.id ?? null;
        return [found, await db.run(s.profilePage, { ...page, viewerId })] as const;
      })
    : await Promise.all([viewerOf(floor, cookie), db.run(s.profilePage, page)]);
  const [row] = rows;
  const found = row?.profile as Row | undefined;
  if (!row || !found || found.hiddenAt !== null) {
    return notFound(`There is no user named "${username}".`);
  }
  return {
    status: 200,
    json: { user: presentProfile(found, row, viewer, await responsiveness) },
  };
}

async function reviewsRoute(floor: Floor, { query, cookie }: FloorRequest) {
  const about = query.get("created_about") ?? "";
  // As the app: the viewer first (it decides which reviews the reader sees), then the page.
  const viewer = await viewerOf(floor, cookie);
  const statement = viewer ? floor.s.reviewsPage.member : floor.s.reviewsPage.anonymous;
  const rows = await floor.db.run(statement, {
    username: storedUsername(about),
    limit: REVIEWS_PAGE_DEFAULT + 1,
    readerUserId: viewer?.identity.id ?? null,
    readerProfileId: viewer?.profile?.id ?? null,
    now: new Date().toISOString(),
  });
  const page = presentReviews(rows, REVIEWS_PAGE_DEFAULT);
  return page ? { status: 200, json: page } : notFound(`There is no user named "${about}".`);
}

async function searchRoute(floor: Floor, { query, cookie }: FloorRequest) {
  await viewerOf(floor, cookie);
  const text = searchTextOf(query.get("q") ?? "");
  if (!text) return invalidInput;
  const rows = await floor.db.run(floor.s.searchPage, text);
  const hits = rows.slice(0, SEARCH_PAGE_SIZE).map((row) => {
    const { distanceMeters: _none, ...hit } = row;
    return presentPostHit({ ...hit, id: Number(row.id) } as never);
  });
  return {
    status: 200,
    json: {
      articles: hits,
      nextPage: rows.length > SEARCH_PAGE_SIZE && SEARCH_PAGE_MAX > 1 ? 2 : null,
    },
  };
}

async function handle(floor: Floor, request: FloorRequest): Promise<FloorAnswer> {
  const { method, path } = request;
  if (method === "POST" && path === "/api/articles") return createPost(floor, request);
  if (method !== "GET") return notFound("no such route");
  if (path === "/api/articles") return feedRoute(floor, request);
  if (path === "/api/reviews") return reviewsRoute(floor, request);
  if (path === "/api/search/posts") return searchRoute(floor, request);
  const post = /^\/api\/articles\/(\d+)$/.exec(path)?.[1];
  if (post) return postRoute(floor, request, post);
  const profile = /^\/api\/users\/username\/([^/]+)$/.exec(path)?.[1];
  if (profile) return profileRoute(floor, request, profile);
  return notFound("no such route");
}

export async function createFloorRoutes(db: FloorDb) {
  const floor: Floor = { db, s: await prepareStatements(db), writeStatements: null };
  return { handle: (request: FloorRequest) => handle(floor, request) };
}
