import MarkdownIt from "markdown-it";

/**
 * Markdown as HTML that is safe to put in a page (issue 34): raw HTML in the source is escaped and
 * shown as text (`html: false`), links go only where markdown-it's validateLink allows (no
 * javascript:, vbscript:, file: or data:), and images are off (nothing loads from elsewhere).
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true }).disable(
  "image",
);

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
