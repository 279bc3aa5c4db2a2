import { waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { descriptionOf } from "./render-with-app.tsx";

/** Puts `text` in `field` at once, as a paste (long texts would take long to type). */
export async function pasteInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/**
 * Pastes a password one character over the shared schema's 4096 into `field` and presses `submit`:
 * the form refuses it on that field, naming the limit, before anything is sent.
 */
export async function submitOverlongPassword(field: HTMLElement, submit: HTMLElement) {
  await pasteInto(field, "p".repeat(4097));
  await userEvent.click(submit);
  await expectFieldError(field, /4096/);
}

/** Types each text in its field, in order, then presses `button`. */
export async function fillAndSubmit(entries: [HTMLElement, string][], button: HTMLElement) {
  for (const [field, text] of entries) await userEvent.type(field, text);
  await userEvent.click(button);
}

/**
 * Waits for `field` to be marked invalid, then checks what describes it (hint and error): all of
 * it for a string, a match for a pattern.
 */
export async function expectFieldError(field: HTMLElement, description: string | RegExp) {
  await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
  if (typeof description === "string") expect(descriptionOf(field)).toBe(description);
  else expect(descriptionOf(field)).toMatch(description);
}
