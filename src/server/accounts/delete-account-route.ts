import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteAccountBodySchema, RETIRED_USERNAME_DAYS } from "../../shared/accounts.ts";
import { endSession } from "../auth/index.ts";
import {
  announcePostChange,
  forgetPostChange,
  rememberPostsOfLeavingAuthor,
} from "../posts/index.ts";
import { retireUsername } from "../profiles/index.ts";
import { passwordCheckOptions } from "./accounts-rate-limits.ts";
import { deleteUser } from "./accounts-repository.ts";
import { requireOwner } from "./reauthentication.ts";

/**
 * DELETE /api/me: the account and everything it made are removed (the product's choice, issue 15):
 * the database cascades from the user row to its provider accounts, sessions, links, profile,
 * posts, reviews written and received, and chat messages. The username stays retired for a while,
 * so nobody else can pose as the member who left.
 */
export const deleteAccountRoute: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.delete(
    "/me",
    passwordCheckOptions(app, { body: deleteAccountBodySchema }),
    async (request, reply) => {
      const viewer = await requireOwner(request, {
        password: request.body?.password,
        field: "password",
      });
      const username = viewer.profile?.username;
      await db.transaction(async (tx) => {
        if (username) await retireUsername(tx, username, RETIRED_USERNAME_DAYS);
        // Their posts' addresses say "This post was removed", as an author's own delete does.
        if (viewer.profile) await rememberPostsOfLeavingAuthor(tx, viewer.profile.id);
        // Their posts leave every feed page and post page any instance keeps, once this commits.
        await announcePostChange(tx, "all");
        await deleteUser(tx, viewer.identity.id);
      });
      forgetPostChange(db, "all");
      await endSession(request, reply);
      return reply.status(204).send();
    },
  );
};
