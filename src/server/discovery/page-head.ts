import { escapeHtml } from "../http/escape-html.ts";

/**
 * The head of a page as link previews and search engines read it (issue 33): its title, its
 * description, Open Graph and Twitter card tags, and whether search engines may list it. Every
 * value is text from members or the config: escaped here, the one place it becomes markup.
 */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  /** Absolute address of the picture a preview shows. */
  image: string;
  /** "profile" for a member, "article" for a post, "website" otherwise. */
  type: "website" | "article" | "profile";
  /** Ask search engines not to list the page. */
  noindex: boolean;
};

export const SITE_NAME = "Your Local Talents";
export const SITE_DESCRIPTION =
  "Your Local Talents connects people who offer skills with people looking for them.";
/** The site's picture for previews: the app's large icon (src/web/public). */
export const SITE_IMAGE_PATH = "/icon-512.png";

/** Longest description a preview shows: longer text is cut at a word with an ellipsis. */
const DESCRIPTION_MAX = 200;

/** `text` on one line, at most DESCRIPTION_MAX characters (cut at a word, with "…"). */
export function shortDescription(text: string): string {
  const line = text.replaceAll(/\s+/g, " ").trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The generic head: the site's name, description and picture, for `url`. */
export function genericHead(origin: string, url: string, noindex = false): PageHead {
  return {
    title: SITE_NAME,
    description: SITE_DESCRIPTION,
    url,
    image: `${origin}${SITE_IMAGE_PATH}`,
    type: "website",
    noindex,
  };
}

/** The tags of `head`, one a line, every value escaped. */
export function headTags(head: PageHead): string {
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title === SITE_NAME ? SITE_NAME : `${head.title} · ${SITE_NAME}`)}</title>`,
    meta("name", "description", head.description),
    ...(head.noindex ? [meta("name", "robots", "noindex")] : []),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", head.type),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", head.url),
    meta("property", "og:image", head.image),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", head.image),
  ].join("\n    ");
}
