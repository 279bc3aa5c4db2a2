import { useEffect } from "react";

/** Set on <html> while a messaging screen shows: styles.css turns the page into one column. */
const SCREEN_CLASS = "full-height-screen";

/**
 * A messaging screen (the room, a conversation, the inbox) takes exactly the visible height: the
 * top bar, then the page, whose message log is the one thing that scrolls, with the composer at
 * the bottom (issue 34). The height follows the visual viewport, which shrinks when a phone's
 * keyboard opens while the layout viewport (and `dvh`) may not: so the keyboard never hides the
 * composer. `--visible-height` falls back to 100dvh where the API is missing.
 */
export function useFullHeightScreen() {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(SCREEN_CLASS);
    const viewport = window.visualViewport;
    const follow = () => {
      if (!viewport) return;
      root.style.setProperty("--visible-height", `${viewport.height}px`);
      // A browser that scrolled the page to show the focused input is brought back: nothing above
      // the top bar may be hidden, since the page itself no longer scrolls.
      if (viewport.scale === 1 && window.scrollY !== 0) window.scrollTo(0, 0);
    };
    follow();
    viewport?.addEventListener("resize", follow);
    viewport?.addEventListener("scroll", follow);
    return () => {
      viewport?.removeEventListener("resize", follow);
      viewport?.removeEventListener("scroll", follow);
      root.classList.remove(SCREEN_CLASS);
      root.style.removeProperty("--visible-height");
    };
  }, []);
}
