import { notify } from "./notify.tsx";

/** What was done with the link: shared through the device's sheet, copied, or neither. */
export type ShareOutcome = "shared" | "copied" | "cancelled" | "failed";

/**
 * Shares `url` through the Web Share API where the browser has it (phones: the device's share
 * sheet), else copies it to the clipboard. The sheet's own Cancel is no failure.
 */
export async function shareLink(title: string, url: string): Promise<ShareOutcome> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
      // Refused (no user gesture left, a policy): copying still works.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * "Share" for a post or a profile (issue 33): the page's address (`path`, absolute from this
 * origin), with a visible confirmation when it was copied.
 */
export function ShareButton({
  title,
  path,
  label,
}: {
  title: string;
  path: string;
  label: string;
}) {
  const onClick = async () => {
    const url = new URL(path, window.location.origin).href;
    const outcome = await shareLink(title, url);
    if (outcome === "copied") notify("Link copied.", "success");
    if (outcome === "failed") notify(`Couldn't copy the link. Its address: ${url}`, "error");
  };
  return (
    <button type="button" className="button button-ghost" aria-label={label} onClick={onClick}>
      Share
    </button>
  );
}
