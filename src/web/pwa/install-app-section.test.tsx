import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { InstallAppSection } from "./install-app-section.tsx";
import { watchPwaEvents } from "./pwa-state.ts";

const frame = (content: ReactNode) => <section aria-label="Install app">{content}</section>;

beforeAll(() => watchPwaEvents());
afterEach(cleanup);

describe("Settings' Install app", () => {
  it("is there only while the browser offers it, before any post, and asks the browser once", async () => {
    render(<InstallAppSection frame={frame} />);
    expect(screen.queryByRole("region", { name: "Install app" })).toBeNull();
    const prompt = vi.fn(() => Promise.resolve());
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event("beforeinstallprompt", { cancelable: true }), { prompt }),
      );
    });
    fireEvent.click(await screen.findByRole("button", { name: "Install app" }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole("region", { name: "Install app" })).toBeNull();
  });
});
