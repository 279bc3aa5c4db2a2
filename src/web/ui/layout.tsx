import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { Notices } from "./notify.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { TopBar } from "./top-bar.tsx";

export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="page">
        <PageErrorBoundary pathname={pathname}>
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Notices />
    </>
  );
}
