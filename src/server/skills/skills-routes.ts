import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  createSkillBodySchema,
  skillParamsSchema,
  skillResponseSchema,
  skillsQuerySchema,
  skillsResponseSchema,
  updateSkillBodySchema,
} from "../../shared/skills.ts";
import { requireModerator } from "../auth/index.ts";
import { type AppError, conflict, notFound } from "../http/app-error.ts";
import { write } from "../write/index.ts";
import { presentSkill } from "./skills-presenter.ts";
import { addSkill, listSkills, type SkillRefusal, updateSkill } from "./skills-repository.ts";

const answers: Record<SkillRefusal, () => AppError> = {
  "skill-taken": () =>
    conflict("skill-taken", "Another skill already has this name or one of these synonyms."),
  "no-such-skill": () => notFound("There is no such skill."),
};

/** A write's refusal as its HTTP answer. */
function written<T>(result: { ok: true; value: T } | { ok: false; reason: SkillRefusal }): T {
  if (!result.ok) throw answers[result.reason]();
  return result.value;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The skill vocabulary (issue 33): anyone reads the active list with its synonyms; moderators read
 * the retired ones too (`include=retired`) and add, rename and retire skills and edit synonyms.
 * Each change is one write() with its log line (moderation hears `skill.changed`).
 */
export const skillsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/skills",
    {
      schema: {
        querystring: skillsQuerySchema,
        response: { 200: skillsResponseSchema, ...errors },
      },
      preHandler: async (request) => {
        if (request.query.include === "retired") await requireModerator(request);
      },
    },
    async (request) => {
      const retired = request.query.include === "retired";
      const rows = await listSkills(db, { retired });
      return { skills: rows.map(presentSkill) };
    },
  );

  app.post(
    "/skills",
    {
      preValidation: requireModerator,
      schema: {
        body: createSkillBodySchema,
        response: { 201: skillResponseSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, synonyms } = request.body;
      const moderatorUserId = request.member.identity.id;
      const { value } = await write(db, (tx) => addSkill(tx, { moderatorUserId, name, synonyms }));
      return reply.status(201).send({ skill: presentSkill(written(value)) });
    },
  );

  app.patch(
    "/skills/:id",
    {
      preValidation: requireModerator,
      schema: {
        params: skillParamsSchema,
        body: updateSkillBodySchema,
        response: { 200: skillResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const moderatorUserId = request.member.identity.id;
      const { value } = await write(db, (tx) =>
        updateSkill(tx, request.params.id, { moderatorUserId, ...request.body }),
      );
      return { skill: presentSkill(written(value)) };
    },
  );
};
