import "./zod-jitless.ts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { watchPwaEvents } from "./pwa/index.ts";
import { AppRoutes, preloadScreen } from "./routes.tsx";
import "./ui/styles.css";

watchPwaEvents();

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The first screen's code comes with the page (modulepreload); waiting for it, at most a moment, lets
// the screen draw straight away instead of behind a 'Loading...' fallback.
const firstScreen = Promise.race([
  preloadScreen(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, 300)),
]);

void firstScreen.then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);

// The service worker (issue 31) once the page has loaded: off the first page's critical path.
const registerWorker = () =>
  void import("./pwa/register-worker.ts").then((m) => m.registerWorker());
if (document.readyState === "complete") registerWorker();
else window.addEventListener("load", registerWorker, { once: true });
