/**
 * The wait a push service asked for in Retry-After (seconds or an HTTP date, RFC 9110 §10.2.3),
 * in milliseconds from `now`; 0 when it asked for none.
 */
export function retryAfterMs(
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): number {
  const raw = headers["retry-after"];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now.getTime());
}
