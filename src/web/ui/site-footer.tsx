import { Link } from "react-router";
import { SITE_PAGES } from "../../shared/site-pages.ts";

/** Every screen's footer (issue 34): the site's own pages, whose text the operator writes. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="About this site">
        <Link to={SITE_PAGES.about.path}>{SITE_PAGES.about.title}</Link>
        <Link to={SITE_PAGES.guidelines.path}>{SITE_PAGES.guidelines.title}</Link>
      </nav>
    </footer>
  );
}
