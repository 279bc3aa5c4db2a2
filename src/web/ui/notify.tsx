type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;

/**
 * The toast library, loaded on demand (by the Toaster right after the first render, or by the first
 * notice) so it stays out of the first page's JavaScript.
 */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

/**
 * Shows a notice the way the spec's "alert" is meant: an accessible toast (role="alert"),
 * never window.alert().
 */
export function notify(message: string, tone: "success" | "error" | "info" = "info"): void {
  void loadSonner().then(({ toast }) =>
    toast.custom(
      () => (
        <div role="alert" className={`toast toast-${tone}`}>
          {message}
        </div>
      ),
      { duration: tone === "error" ? 6000 : 4000 },
    ),
  );
}
