import { toast } from "sonner";

/**
 * Shows a notice the way the spec's "alert" is meant: an accessible toast (role="alert"),
 * never window.alert().
 */
export function notify(message: string, tone: "success" | "error" | "info" = "info"): void {
  toast.custom(
    () => (
      <div role="alert" className={`toast toast-${tone}`}>
        {message}
      </div>
    ),
    { duration: tone === "error" ? 6000 : 4000 },
  );
}
