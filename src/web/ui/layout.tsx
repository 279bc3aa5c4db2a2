import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { loadSonner } from "./notify.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { TopBar } from "./top-bar.tsx";

// Sonner replays notices raised before its Toaster subscribed, so none is lost while it loads.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

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
      <Suspense fallback={null}>
        <Toaster position="top-center" />
      </Suspense>
    </>
  );
}
