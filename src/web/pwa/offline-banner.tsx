/** "14:02": a time of day as the member's clock shows it, 24-hour. */
export function clockTime(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/**
 * Says the page is offline, and when what it shows was fetched when it came from the service
 * worker's cache; gone once back online and fresh.
 */
export function OfflineBanner({ online, since }: { online: boolean; since: Date | null }) {
  if (online && !since) return null;
  return (
    <div className="pwa-strip pwa-strip-offline" role="status">
      <div className="pwa-strip-inner">
        <p>
          {since
            ? `Offline — showing what you saw at ${clockTime(since)}`
            : "Offline — nothing can be sent until you are back online."}
        </p>
      </div>
    </div>
  );
}
