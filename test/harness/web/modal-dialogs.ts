import { beforeAll } from "vitest";

/**
 * jsdom has <dialog> but not its modal methods; a test file that opens one calls this at its top.
 * The browser journeys use the real ones (focus kept inside, the page behind inert).
 */
export function withModalDialogs(): void {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.open = false;
    };
  });
}
