import { type BrowserContext, test as base, type Page } from "@playwright/test";
import { newAccount, signUpWithProfile, type TestAccount } from "./accounts.ts";

export type OtherMember = { context: BrowserContext; page: Page; account: TestAccount };
export type NewOtherMember = (prefix: string, initScript?: () => void) => Promise<OtherMember>;

/**
 * Playwright's `test` with `otherMember(prefix)`: a separately signed-in browser (its own cookies),
 * for "someone else" in a journey, with `initScript` run in its pages if given. Its browser is
 * closed when the test ends, passed or failed.
 */
export const test = base.extend<{ otherMember: NewOtherMember }>({
  otherMember: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (prefix, initScript) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const page = await context.newPage();
      if (initScript) await page.addInitScript(initScript);
      const account = await signUpWithProfile(page, newAccount(prefix));
      return { context, page, account };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/**
 * The usual pair of a journey about someone else: another member (`subjectPrefix`), then `page`
 * signed in as a new member named from `prefix`. Answers the other member.
 */
export async function signUpBeside(
  page: Page,
  otherMember: NewOtherMember,
  prefix: string,
  subjectPrefix = "subject",
): Promise<OtherMember> {
  const subject = await otherMember(subjectPrefix);
  await signUpWithProfile(page, newAccount(prefix));
  return subject;
}

/** Several other members at once, one per prefix, signed up in that order. */
export async function otherMembers<const Prefixes extends readonly string[]>(
  otherMember: NewOtherMember,
  ...prefixes: Prefixes
): Promise<{ [K in keyof Prefixes]: OtherMember }> {
  const members: OtherMember[] = [];
  for (const prefix of prefixes) members.push(await otherMember(prefix));
  return members as { [K in keyof Prefixes]: OtherMember };
}
