import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteAccountBodySchema, RETIRED_USERNAME_DAYS } from "../../shared/accounts.ts";
import { endSession } from "../auth/index.ts";
import { announceSignedOutEverywhere } from "../chat/index.ts";
import { announcePostChange, rememberPostsOfLeavingAuthor } from "../posts/index.ts";
import { retireUsername } from "../profiles/index.ts";
import { write } from "../write/index.ts";
import { eraseAccount } from "./erase-account.ts";
import { ownerChangeOptions, reauthenticate } from "./reauthentication.ts";

/**
 * DELETE /api/me: the account and everything it made are removed (the product's choice, issue 15):
 * the database cascades from the user row to its provider accounts, sessions, links, profile,
 * posts, reviews written and received, chat messages and conversations (both sides); what is keyed
 * by address or username instead (failed sign-ins, trusted browsers, mails, the moderation log's
 * name) is erased first (erase-account.ts). The username stays retired for a while, so nobody else
 * can pose as the member who left.
 */
export const deleteAccountRoute: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.delete(
    "/me",
    ownerChangeOptions(app, { body: deleteAccountBodySchema }),
    async (request, reply) => {
      const viewer = await reauthenticate(request, {
        password: request.body?.password,
        field: "password",
      });
      const username = viewer.profile?.username;
      await write(db, async (tx) => {
        if (username) await retireUsername(tx, username, RETIRED_USERNAME_DAYS);
        // Their posts' addresses say "This post was removed", as an author's own delete does.
        if (viewer.profile) await rememberPostsOfLeavingAuthor(tx, viewer.profile.id);
        // Their posts leave every feed page and post page any instance keeps, once this commits.
        await announcePostChange(tx, "all");
        await eraseAccount(tx, { userId: viewer.identity.id, username: username ?? null });
        // Its live sockets close on every instance once this commits (the cascade announces nothing).
        await announceSignedOutEverywhere(tx, viewer.identity.id);
      });
      await endSession(request, reply);
      return reply.status(204).send();
    },
  );
};
