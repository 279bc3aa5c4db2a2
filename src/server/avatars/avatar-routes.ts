import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { USERNAME_PATTERN } from "../../shared/profiles.ts";
import { notFound } from "../http/app-error.ts";
import { avatarSvg } from "./avatar-svg.ts";

const paramsSchema = z.object({ file: z.string().max(64) });

/** GET /api/avatars/{username}.svg: the generated default avatar of profiles without a photo. */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/avatars/:file",
    { schema: { params: paramsSchema, hide: true } },
    async (request, reply) => {
      const username = request.params.file.replace(/\.svg$/, "");
      if (!request.params.file.endsWith(".svg") || !USERNAME_PATTERN.test(username)) {
        throw notFound("No such avatar.");
      }
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("Cache-Control", "public, max-age=86400")
        .send(avatarSvg(username));
    },
  );
};
