import { screen } from "@testing-library/react";
import { expect } from "vitest";

/** What the pages that send a link say when this server sends no mail (written out, not imported). */
const NO_MAIL_TEXT =
  "Email is not set up on this server, so it cannot send you a link. Ask the people who run this site for help.";

/** Waits for the no-mail line in `scope` (the whole page unless given). */
export async function expectNoMailLine(scope: Pick<typeof screen, "findByText"> = screen) {
  expect(await scope.findByText(NO_MAIL_TEXT)).toBeTruthy();
}
