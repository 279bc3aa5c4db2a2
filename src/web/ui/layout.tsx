import { type ReactNode, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { Notices } from "./notify.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { SiteFooter } from "./site-footer.tsx";

/** Every screen's frame: the skip link, the top bar (the app's, given by routes.tsx), the page,
 * the footer, notices. */
export function Layout({ topBar }: { topBar: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {topBar}
      <main id="main" className="page">
        <PageErrorBoundary pathname={pathname}>
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
      <Notices />
    </>
  );
}
