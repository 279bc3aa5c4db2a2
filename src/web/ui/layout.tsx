import { Suspense } from "react";
import { Outlet } from "react-router";
import { Toaster } from "sonner";
import { TopBar } from "./top-bar.tsx";

export function Layout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="page">
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster position="top-center" />
    </>
  );
}
