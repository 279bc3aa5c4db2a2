import { configure } from "@testing-library/react";
import { afterAll, beforeAll } from "vitest";

/**
 * `findBy…` and `waitFor` give up after 1 s by default. The web tests run beside the API tests on
 * two cores, and under that load a render that takes a few milliseconds when quiet has taken more
 * than a second (a link's count, a dialog after a form's asynchronous checks): wait longer, never
 * sleep.
 */
configure({ asyncUtilTimeout: 5_000 });

/**
 * Sonner removes a dismissed toast 200 ms later on a timer it never clears on unmount. If the file
 * ends inside those 200 ms, the timer fires after jsdom is torn down and React, reading `window`,
 * throws an uncaught error that fails the whole run (a clean-clone CI run did so). A file that
 * showed a notice lets that timer fire before its environment goes; the others end at once.
 */
const SONNER_UNMOUNT_MS = 200;
let showedNotice = false;
const observer = new MutationObserver(() => {
  if (!showedNotice && document.querySelector("[data-sonner-toaster]")) showedNotice = true;
});
beforeAll(() => observer.observe(document.body, { childList: true, subtree: true }));
afterAll(async () => {
  observer.disconnect();
  if (showedNotice) await new Promise((settled) => setTimeout(settled, SONNER_UNMOUNT_MS + 50));
});
