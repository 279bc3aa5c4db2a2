import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach } from "vitest";
import { type ApiHandler, stubApi } from "./fake-api.ts";

// For the web app's Testing Library tests only (the shipped tree imports no test code). A test file
// that imports it gets a clean page after each test (and the real fetch back: fake-api.ts).
afterEach(cleanup);

/** Renders a screen or a form as the app does: a fresh query cache, a router at `path`. */
export function renderWithApp(ui: ReactNode, { path = "/" } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, ...rendered };
}

/** Renders `ui` as renderWithApp does, the server answering by `answer` (stubApi). */
export function renderWithApi(ui: ReactNode, answer: ApiHandler, { path = "/" } = {}) {
  const requests = stubApi(answer);
  return { requests, ...renderWithApp(ui, { path }) };
}

/** Renders a form, found by its accessible name, with the server answering by `answer`. */
export function renderForm(ui: ReactNode, name: string, answer: ApiHandler) {
  const { requests } = renderWithApi(ui, answer);
  return { requests, form: within(screen.getByRole("form", { name })) };
}

/** The texts that describe `element` (aria-describedby), in order, one space apart. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");
}
