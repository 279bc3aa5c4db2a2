import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  createReportBodySchema,
  createReportResponseSchema,
  REPORT_RECEIVED_TEXT,
  REPORT_RECEIVED_UNMODERATED_TEXT,
} from "../../shared/moderation.ts";
import { requireMember } from "../auth/index.ts";
import { conflict, forbidden, notFound } from "../http/app-error.ts";
import { tooManyWrites } from "../limits/index.ts";
import { type ReportRefusal, reportItem } from "./report-item.ts";

/** The HTTP answer to a refused report (the same as when the domain threw them). */
function refusalAnswer(refusal: ReportRefusal) {
  switch (refusal.reason) {
    case "not-found":
      return notFound("This no longer exists, or you can't see it.");
    case "own-content":
      return forbidden("You can't report what you wrote.");
    case "already-reported":
      return conflict(
        "already-reported",
        "You have already reported this; moderators will look at it.",
      );
    case "rate-limited":
      return tooManyWrites(refusal.refusal);
  }
}

/**
 * POST /api/reports: a member reports a post, review, profile or chat message (issue 16), or a
 * direct message they received (issue 17).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reports",
    {
      // Signed out or without a profile is answered before the body is even looked at.
      preValidation: requireMember,
      schema: {
        body: createReportBodySchema,
        response: {
          201: createReportResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const reporter = request.member;
      const outcome = await reportItem(app.database.db, app.config, reporter, request.body);
      if (!outcome.ok) throw refusalAnswer(outcome);
      const { report } = outcome;
      return reply.status(201).send({
        report: { id: report.id, status: "open" },
        message:
          app.config.moderation.adminEmails.length > 0
            ? REPORT_RECEIVED_TEXT
            : REPORT_RECEIVED_UNMODERATED_TEXT,
      });
    },
  );
};
