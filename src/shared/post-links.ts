import { z } from "zod";
import { POST_TYPES } from "./post-types.ts";

/*
 * The one-click links of a "Still offering …?" mail (issue 32): Keep for another 60 days, Mark
 * filled, Remove. Each opens /post-link?token=…, a page that asks before it acts (mail scanners
 * open links) and acts once.
 */

export const POST_LINK_ACTIONS = ["keep", "filled", "remove"] as const;
export type PostLinkAction = (typeof POST_LINK_ACTIONS)[number];

/** The mail's and the page's words for each action. */
export const POST_LINK_LABELS: Record<PostLinkAction, string> = {
  keep: "Keep for another 60 days",
  filled: "Mark filled",
  remove: "Remove",
};

export const postLinkTokenSchema = z.string().min(1).max(300);

/** GET /api/post-links?token=: what the link would do, without doing it. */
export const postLinkQuerySchema = z.object({ token: postLinkTokenSchema });
/** POST /api/post-links: do it. */
export const postLinkBodySchema = z.object({ token: postLinkTokenSchema });

/**
 * What a link is about. `state`: `ready` (it would act), `used` (it acted already), `gone` (the post
 * was removed meanwhile), `done` (this request acted). `post` is null once the post is gone.
 */
export const postLinkAnswerSchema = z.object({
  action: z.enum(POST_LINK_ACTIONS),
  state: z.enum(["ready", "used", "gone", "done"]),
  post: z
    .object({
      id: z.number().int(),
      title: z.string(),
      type: z.enum(POST_TYPES),
      /** ISO 8601: when it expires (after Keep: the new date). */
      expires_at: z.string(),
    })
    .nullable(),
});
export type PostLinkAnswer = z.infer<typeof postLinkAnswerSchema>;
