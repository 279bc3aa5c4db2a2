import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * The top bar's less used links (issue 34). On a phone a "Menu" button (a disclosure: it says
 * whether it is open and which part it opens) shows them under the bar; it closes on Escape, on a
 * click elsewhere and when a link is followed. On wide screens the button is not drawn and the
 * links stand in the bar (styles.css).
 */
export function TopBarMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  // Following a link (or any navigation) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!frame.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div ref={frame} className={open ? "top-bar-menu top-bar-menu-open" : "top-bar-menu"}>
      <button
        ref={button}
        type="button"
        className="button button-ghost top-bar-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span className="top-bar-menu-label">Menu</span>
      </button>
      <div id={panelId} className="top-bar-menu-panel">
        {children}
      </div>
    </div>
  );
}
