import type { ReactNode } from "react";
import { SITE_PAGES, type SitePageName } from "../../shared/site-pages.ts";
import { useSitePage } from "./api/get-site-page.ts";
import "./site-pages.css";

/**
 * One of the site's own pages (issue 34): its fixed title, then the operator's text. The HTML
 * comes from the server's Markdown renderer, which escapes any raw HTML and refuses unsafe links
 * (server/pages/render-markdown.ts): it is the app's own output, not the writer's markup.
 */
function SitePageView({ name }: { name: SitePageName }) {
  const { title } = SITE_PAGES[name];
  const page = useSitePage(name);
  let body: ReactNode;
  if (page.isPending) body = <p className="muted">Loading...</p>;
  else if (page.isError) {
    body = (
      <>
        <p className="error-text">We couldn't load this page: {page.error.message}</p>
        <button type="button" className="button" onClick={() => page.refetch()}>
          Try again
        </button>
      </>
    );
  } else {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized Markdown from our server (see above).
    body = <div className="site-page-text" dangerouslySetInnerHTML={{ __html: page.data.html }} />;
  }
  return (
    <article className="card site-page">
      <title>{`${title} · Your Local Talents`}</title>
      <h1>{title}</h1>
      {body}
    </article>
  );
}

export function AboutPage() {
  return <SitePageView name="about" />;
}

export function GuidelinesPage() {
  return <SitePageView name="guidelines" />;
}
