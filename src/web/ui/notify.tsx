import { lazy, Suspense, useSyncExternalStore } from "react";

type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
const toasterListeners = new Set<() => void>();

/**
 * The toast library, loaded with the first notice so it stays off every page's critical path
 * (bench/lighthouse.ts: loaded at first render it delayed the feed's largest paint).
 */
function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of toasterListeners) listener();
  }
  return sonner;
}

/**
 * Shows a notice the way the spec's "alert" is meant: an accessible toast (role="alert"),
 * never window.alert(). Only for what has no place on the page (SPEC's alerts, "Your post was
 * deleted." after leaving it): a form's refusals show at the form, once. The newest replaces the
 * one on screen.
 */
export function notify(message: string, tone: "success" | "error" | "info" = "info"): void {
  void loadSonner().then(({ toast }) => {
    // A fresh one, not an update of the last: an update would keep the last one's remaining time.
    toast.dismiss();
    toast.custom(
      () => (
        <div role="alert" className={`toast toast-${tone}`}>
          {message}
        </div>
      ),
      { duration: tone === "error" ? 6000 : 4000 },
    );
  });
}

/** Clears the notices on screen (earlier failures that no longer apply); loads nothing if none was shown. */
export function dismissNotices(): void {
  void sonner?.then(({ toast }) => toast.dismiss());
}

// Sonner replays notices raised before its Toaster subscribed, so none is lost while it loads.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}
const isWanted = () => sonner !== undefined;

/** Where notices appear; renders nothing, and loads nothing, until the first notice. */
export function Notices() {
  const wanted = useSyncExternalStore(subscribe, isWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom, off the top bar (on phones across the width, Sonner's own rule). */}
      <Toaster position="bottom-right" visibleToasts={1} />
    </Suspense>
  );
}
