import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import { blockStateResponseSchema, blocksResponseSchema } from "../../shared/moderation.ts";
import { canBlock } from "../../shared/policies.ts";
import { storedUsername, usernameParamsSchema } from "../../shared/profiles.ts";
import { requireMember } from "../auth/index.ts";
import { forbidden, notFound } from "../http/app-error.ts";
import { write } from "../write/index.ts";
import { presentBlockedMember } from "./blocks-presenter.ts";
import { addBlock, findBlockTarget, listBlockedMembers, removeBlock } from "./blocks-repository.ts";

const noSuchMember = (username: string) => notFound(`There is no user named "${username}".`);

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** PUT and DELETE /blocks/:username: a member names a member, the answer is the block's state. */
const blockStateOptions = {
  preHandler: requireMember,
  schema: {
    params: usernameParamsSchema,
    response: { 200: blockStateResponseSchema, ...errors },
  },
};

/**
 * The viewer's blocks (issue 16): list them, block a member, lift a block. PUT and DELETE answer
 * the state after the call, so repeating either changes nothing. Blocking is silent: the blocked
 * member is told nothing.
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/blocks",
    { preHandler: requireMember, schema: { response: { 200: blocksResponseSchema, ...errors } } },
    async (request) => {
      const { identity } = request.member;
      const members = await listBlockedMembers(db, identity.id);
      return { blocked: members.map(presentBlockedMember) };
    },
  );

  app.put("/blocks/:username", blockStateOptions, async (request) => {
    const { identity, profile, moderator } = request.member;
    const { username } = request.params;
    if (!canBlock(profile, { username: storedUsername(username) })) {
      throw forbidden("You can't block yourself.");
    }
    const { value: result } = await write(db, async (tx) => {
      const target = await findBlockTarget(tx, username);
      // A hidden profile does not exist for members (only its owner and moderators see it).
      if (!target || (target.hidden && !moderator)) return null;
      return { target, changed: await addBlock(tx, identity.id, target.userId) };
    });
    if (!result) throw noSuchMember(username);
    return { username: result.target.username, blocked: true };
  });

  app.delete("/blocks/:username", blockStateOptions, async (request) => {
    const { identity } = request.member;
    const { username } = request.params;
    // Lifting works on any existing member, hidden or not: a block must always be undoable.
    const { value: result } = await write(db, async (tx) => {
      const target = await findBlockTarget(tx, username);
      return target && { target, changed: await removeBlock(tx, identity.id, target.userId) };
    });
    if (!result) throw noSuchMember(username);
    return { username: result.target.username, blocked: false };
  });
};
