import type { Page } from "@playwright/test";
import { newAccount, signUpWithProfile, type TestAccount } from "./accounts.ts";
import { verifyAddress } from "./mailbox.ts";

/**
 * The addresses playwright.config.ts names in ADMIN_EMAILS. Each journey that needs a moderator
 * takes its own slot (the e2e database is fresh for every run), so parallel journeys never share one.
 */
export const MODERATOR_EMAILS = Array.from(
  { length: 8 },
  (_, index) => `moderator-${index + 1}@example.test`,
);

/**
 * A moderator signed in on `page`: an account at MODERATOR_EMAILS[slot] with a profile and its
 * address verified (an unproved address moderates nothing).
 */
export async function signUpModerator(page: Page, slot: number): Promise<TestAccount> {
  const email = MODERATOR_EMAILS[slot];
  if (!email) throw new Error(`no moderator slot ${slot}`);
  const account = await signUpWithProfile(page, { ...newAccount(`mod${slot + 1}`), email });
  await verifyAddress(page.request, email);
  return account;
}
