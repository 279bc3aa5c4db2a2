import type { FastifyInstance, FastifyRequest } from "fastify";
import { ROW_ID_PATTERN } from "../../shared/constants.ts";
import { POST_TYPE_LABELS, type PostType } from "../../shared/posts.ts";
import { ownOrigin } from "../http/own-origin.ts";
import {
  genericHead,
  headTags,
  type PageHead,
  SITE_IMAGE_PATH,
  shortDescription,
} from "./page-head.ts";
import {
  findPublicPost,
  findPublicProfile,
  type PublicPost,
  type PublicProfile,
} from "./public-pages-repository.ts";

/**
 * A member's picture for previews when it is a photo (theirs, served while their profile is
 * public, or their identity provider's https one); a generated avatar (an SVG, which previews do
 * not show) gives the site's picture.
 */
function imageOf(origin: string, imgUrl: string | null): string {
  if (imgUrl?.startsWith("/api/photos/")) return `${origin}${imgUrl}`;
  if (imgUrl?.startsWith("https://")) return imgUrl;
  return `${origin}${SITE_IMAGE_PATH}`;
}

function postHead(origin: string, post: PublicPost): PageHead {
  const label = POST_TYPE_LABELS[post.kind as PostType] ?? POST_TYPE_LABELS.offering;
  const where = post.areaName ? ` in ${post.areaName}` : "";
  return {
    title: post.title,
    description: shortDescription(
      `${label}: ${post.topic}${where}, by ${post.authorUsername}. ${post.body}`,
    ),
    url: `${origin}/articles/${post.id}`,
    image: imageOf(origin, post.authorImgUrl),
    type: "article",
    noindex: post.noindex,
  };
}

function profileHead(origin: string, profile: PublicProfile): PageHead {
  const skills = profile.skills.length > 0 ? profile.skills.join(", ") : "Member";
  const where = profile.areaName ? ` in ${profile.areaName}` : "";
  return {
    title: profile.username,
    description: shortDescription(`${skills}${where}. ${profile.bio}`),
    url: `${origin}/user/${encodeURIComponent(profile.username)}`,
    image: imageOf(origin, profile.imgUrl),
    type: "profile",
    noindex: profile.noindex,
  };
}

/** The username in `/user/{username}`, or null when it cannot be one. */
function usernameIn(rest: string): string | null {
  if (!rest || rest.includes("/")) return null;
  try {
    const name = decodeURIComponent(rest);
    return name.length <= 64 ? name : null;
  } catch {
    return null;
  }
}

/**
 * The head tags of the page at `pathname` (issue 33): a post's or a member's own for what a
 * signed-out visitor may see, else the generic ones (with `noindex` for a post or profile address
 * that shows nothing: hidden, removed, expired, suspended or unknown). Every read is public, whoever
 * asks: a preview is made once and shown to everyone the link is sent to.
 */
export function linkPreviews(app: FastifyInstance) {
  const { db } = app.database;
  const postPage = async (origin: string, id: string, now: Date) => {
    const post = ROW_ID_PATTERN.test(id) ? await findPublicPost(db, Number(id), now) : null;
    return post && postHead(origin, post);
  };
  const profilePage = async (origin: string, rest: string, now: Date) => {
    const username = usernameIn(rest);
    const profile = username ? await findPublicProfile(db, username, now) : null;
    return profile && profileHead(origin, profile);
  };
  return async (request: FastifyRequest, pathname: string): Promise<string> => {
    const origin = ownOrigin(request);
    const now = app.clock.now();
    const url = `${origin}${pathname}`;
    if (pathname.startsWith("/articles/")) {
      const head = await postPage(origin, pathname.slice("/articles/".length), now);
      return headTags(head ?? genericHead(origin, url, true));
    }
    if (pathname.startsWith("/user/")) {
      const head = await profilePage(origin, pathname.slice("/user/".length), now);
      return headTags(head ?? genericHead(origin, url, true));
    }
    return headTags(genericHead(origin, url));
  };
}
