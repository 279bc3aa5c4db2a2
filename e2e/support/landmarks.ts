import type { Page } from "@playwright/test";

/** The notice (an alert) that says `text`. */
export const notice = (page: Page, text: string | RegExp) =>
  page.getByRole("alert").filter({ hasText: text });

/** The top bar's links and buttons. */
export const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
