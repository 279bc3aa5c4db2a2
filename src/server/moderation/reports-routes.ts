import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiErrorSchema } from "../../shared/api-error.ts";
import {
  createReportBodySchema,
  createReportResponseSchema,
  REPORT_RECEIVED_TEXT,
} from "../../shared/moderation.ts";
import { requireProfile } from "../auth/index.ts";
import { reportItem } from "./report-item.ts";

/**
 * POST /api/reports: a member reports a post, review, profile or chat message (issue 16), or a
 * direct message they received (issue 17).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reports",
    {
      // Signed out or without a profile is answered before the body is even looked at.
      preValidation: async (request) => {
        await requireProfile(request);
      },
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
      const reporter = await requireProfile(request);
      const report = await reportItem(app.database.db, app.config, reporter, request.body);
      return reply
        .status(201)
        .send({ report: { id: report.id, status: "open" }, message: REPORT_RECEIVED_TEXT });
    },
  );
};
