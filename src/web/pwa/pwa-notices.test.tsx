import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch } from "../api/client.ts";
import { PwaNoticesSlot, SERVED_FROM_CACHE_HEADER, watchPwaEvents } from "./index.ts";
import { clockTime } from "./offline-banner.tsx";
import { offerUpdate } from "./pwa-state.ts";

// The strips under the top bar, driven as the app drives them: API answers through apiFetch, the
// browser's online/offline and install events, the service worker's waiting version.

let fetched: string[];
let answer: () => Response;

/** The browser says it is (not) connected, as it does: navigator.onLine, then the event. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

/** Chromium's install offer: an event with prompt(). */
function offerInstall() {
  const prompt = vi.fn(() => Promise.resolve());
  act(() => {
    window.dispatchEvent(
      Object.assign(new Event("beforeinstallprompt", { cancelable: true }), { prompt }),
    );
  });
  return prompt;
}

beforeAll(() => watchPwaEvents());
beforeEach(() => {
  fetched = [];
  answer = () => new Response("{}", { status: 200 });
  vi.stubGlobal("fetch", (url: string) => {
    fetched.push(url);
    return Promise.resolve(answer());
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the offline banner", () => {
  it("says when what the page shows was stored, when an answer came from the worker's cache; it goes back online", async () => {
    render(<PwaNoticesSlot />);
    const stored = new Date(2026, 10, 28, 14, 2, 30);
    answer = () =>
      new Response("{}", { headers: { [SERVED_FROM_CACHE_HEADER]: stored.toISOString() } });
    await act(() => apiFetch("/articles"));
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      "Offline — showing what you saw at 14:02",
    );
    goOnline(true);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("goes when the same read comes fresh from the server", async () => {
    render(<PwaNoticesSlot />);
    answer = () =>
      new Response("{}", { headers: { [SERVED_FROM_CACHE_HEADER]: new Date().toISOString() } });
    await act(() => apiFetch("/me"));
    expect(await screen.findByText(/^Offline — showing what you saw at/)).toBeTruthy();
    answer = () => new Response("{}");
    await act(() => apiFetch("/me"));
    expect(screen.queryByText(/^Offline/)).toBeNull();
  });

  it("says the page is offline when the browser is, with nothing from the cache", async () => {
    render(<PwaNoticesSlot />);
    goOnline(false);
    expect(
      await screen.findByText("Offline — nothing can be sent until you are back online."),
    ).toBeTruthy();
    goOnline(true);
    expect(screen.queryByText(/^Offline/)).toBeNull();
  });

  it("shows times as a 24-hour clock", () => {
    expect(clockTime(new Date(2026, 0, 5, 9, 7))).toBe("09:07");
    expect(clockTime(new Date(2026, 0, 5, 23, 59))).toBe("23:59");
  });
});

describe("writes while offline", () => {
  it("are refused without being sent, in words the form shows; reads are still tried", async () => {
    goOnline(false);
    const refusal = await apiFetch("/articles", { method: "POST", body: { title: "x" } }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      code: "offline",
      message: "You are offline — nothing was sent. Try again when you are back online.",
    });
    expect(fetched).toEqual([]);
    await apiFetch("/articles");
    expect(fetched).toEqual(["/api/articles"]);
    goOnline(true);
  });
});

describe("installing the app", () => {
  it("is suggested only once the browser offers it and the member has posted; the button asks the browser", async () => {
    render(<PwaNoticesSlot />);
    const prompt = offerInstall();
    expect(screen.queryByRole("button", { name: "Install app" })).toBeNull();
    await act(() => apiFetch("/articles", { method: "POST", body: { title: "Piano" } }));
    fireEvent.click(await screen.findByRole("button", { name: "Install app" }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole("button", { name: "Install app" })).toBeNull();
  });

  it("is not suggested again on this device after 'Not now'", async () => {
    const { unmount } = render(<PwaNoticesSlot />);
    offerInstall();
    fireEvent.click(await screen.findByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("button", { name: "Install app" })).toBeNull();
    unmount();
    render(<PwaNoticesSlot />);
    offerInstall();
    expect(screen.queryByRole("region", { name: "Install the app" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Install app" })).toBeNull();
  });
});

describe("a new version", () => {
  it("waits for the member's Reload, which activates it once", async () => {
    render(<PwaNoticesSlot />);
    expect(screen.queryByText("New version — reload to use it.")).toBeNull();
    const applyUpdate = vi.fn(() => new Promise<void>(() => {}));
    act(() => offerUpdate(applyUpdate));
    fireEvent.click(await screen.findByRole("button", { name: "Reload" }));
    expect(applyUpdate).toHaveBeenCalledOnce();
    const reloading = screen.getByRole("button", { name: "Reloading…" });
    expect(reloading).toHaveProperty("disabled", true);
  });
});
