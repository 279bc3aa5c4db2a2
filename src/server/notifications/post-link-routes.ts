import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  type PostLinkAnswer,
  postLinkAnswerSchema,
  postLinkBodySchema,
  postLinkQuerySchema,
} from "../../shared/post-links.ts";
import { POST_RENEW_DAYS } from "../../shared/posts.ts";
import type { Db } from "../db/database.ts";
import { usedPostLinks } from "../db/tables/notifications.ts";
import { badRequest } from "../http/app-error.ts";
import {
  daysAfter,
  deletePost,
  type PostOfLink,
  postOfLink,
  renewPost,
  setPostFilled,
} from "../posts/index.ts";
import { write } from "../write/index.ts";
import { type PostLinkClaims, readPostLinkToken } from "./post-link-token.ts";
import type { SigningKey } from "./unsubscribe-routes.ts";

type Claims = PostLinkClaims & { signature: string };

const notValid = () =>
  badRequest(
    "This link is not valid. Open the link from the mail again, or sign in to change your post.",
    {
      token: "is not a valid link",
    },
  );

const shown = (post: PostOfLink, expiresAt = post.expiresAt): PostLinkAnswer["post"] => ({
  id: post.id,
  title: post.title,
  type: post.kind,
  expires_at: expiresAt.toISOString(),
});

async function wasUsed(db: Db, signature: string): Promise<boolean> {
  const [row] = await db
    .select({ signature: usedPostLinks.signature })
    .from(usedPostLinks)
    .where(eq(usedPostLinks.signature, signature));
  return row !== undefined;
}

/** What the link would do now, doing nothing. */
async function preview(db: Db, claims: Claims): Promise<PostLinkAnswer> {
  const { action } = claims;
  if (await wasUsed(db, claims.signature)) return { action, state: "used", post: null };
  const post = await write(db, (tx) => postOfLink(tx, claims.postId));
  return post.value
    ? { action, state: "ready", post: shown(post.value) }
    : { action, state: "gone", post: null };
}

/**
 * Does what the link says, once, in one transaction: its use is recorded first (a second use, on
 * any instance, finds it), then the post is kept, marked filled or removed as its author would.
 */
async function act(app: FastifyInstance, claims: Claims): Promise<PostLinkAnswer> {
  const { action } = claims;
  const now = app.clock.now();
  const { value } = await write(app.database.db, async (tx): Promise<PostLinkAnswer> => {
    const used = await tx
      .insert(usedPostLinks)
      .values({ signature: claims.signature, usedAt: now })
      .onConflictDoNothing()
      .returning({ signature: usedPostLinks.signature });
    if (used.length === 0) return { action, state: "used", post: null };
    const post = await postOfLink(tx, claims.postId);
    if (!post) return { action, state: "gone", post: null };
    if (action === "keep") {
      const until = daysAfter(now, POST_RENEW_DAYS);
      await renewPost(tx, post.author, post.id, until);
      return { action, state: "done", post: shown(post, until) };
    }
    if (action === "filled") await setPostFilled(tx, post.author, post.id, true);
    else await deletePost(tx, post.author, post.id);
    return { action, state: "done", post: action === "filled" ? shown(post) : null };
  });
  return value;
}

/**
 * The "Still offering …?" mail's one-click links (issue 32), without signing in: GET
 * /api/post-links?token= says what the link would do (the page at /post-link shows it with a
 * button: mail scanners open links, so opening one does nothing), POST /api/post-links does it,
 * once. A token this server did not sign is 400.
 */
export function postLinkRoutes(key: SigningKey): FastifyPluginAsyncZod {
  return async (app) => {
    const claimsOf = async (token: string) => {
      const claims = readPostLinkToken(await key(), token);
      if (!claims) throw notValid();
      return claims;
    };
    const response = { 200: postLinkAnswerSchema, 400: apiErrorSchema };
    app.get(
      "/post-links",
      { schema: { querystring: postLinkQuerySchema, response } },
      async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        return preview(app.database.db, await claimsOf(request.query.token));
      },
    );
    app.post("/post-links", { schema: { body: postLinkBodySchema, response } }, async (request) =>
      act(app, await claimsOf(request.body.token)),
    );
  };
}
