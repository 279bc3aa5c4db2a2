import { afterEach, describe, expect, it, vi } from "vitest";
import { shareLink } from "./share-button.tsx";

/** Share (issue 33): the Web Share API where there is one, else the clipboard. */
describe("shareLink", () => {
  const original = { share: navigator.share, clipboard: navigator.clipboard };
  afterEach(() => {
    Object.defineProperty(navigator, "share", { value: original.share, configurable: true });
    Object.defineProperty(navigator, "clipboard", {
      value: original.clipboard,
      configurable: true,
    });
  });
  const withShare = (share: ((data: ShareData) => Promise<void>) | undefined) =>
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
  const withClipboard = (writeText: (text: string) => Promise<void>) =>
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });

  it("hands the link to the share sheet when the browser has one", async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    withShare(share);
    withClipboard(writeText);
    expect(await shareLink("A post", "https://talents.example/articles/1")).toBe("shared");
    expect(share).toHaveBeenCalledWith({
      title: "A post",
      url: "https://talents.example/articles/1",
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it("takes the sheet's Cancel as no failure, and copies nothing", async () => {
    const writeText = vi.fn(async () => {});
    withShare(async () => {
      throw new DOMException("Share canceled", "AbortError");
    });
    withClipboard(writeText);
    expect(await shareLink("A post", "https://talents.example/articles/1")).toBe("cancelled");
    expect(writeText).not.toHaveBeenCalled();
  });

  it("copies the link without the API, or when the browser refuses to share", async () => {
    const writeText = vi.fn(async () => {});
    withShare(undefined);
    withClipboard(writeText);
    expect(await shareLink("A post", "https://talents.example/articles/1")).toBe("copied");
    withShare(async () => {
      throw new DOMException("Not allowed", "NotAllowedError");
    });
    expect(await shareLink("A post", "https://talents.example/articles/2")).toBe("copied");
    expect(writeText.mock.calls).toEqual([
      ["https://talents.example/articles/1"],
      ["https://talents.example/articles/2"],
    ]);
  });

  it("says it failed when even the clipboard refuses", async () => {
    withShare(undefined);
    withClipboard(async () => {
      throw new Error("denied");
    });
    expect(await shareLink("A post", "https://talents.example/articles/1")).toBe("failed");
  });
});
