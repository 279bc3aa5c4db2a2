import { isIPv6 } from "node:net";
import { createRateLimiter } from "./rate-limiter.ts";

export type AddressLimits = ReturnType<typeof createAddressLimits>;
export type Admission = { ok: true; release(): void } | { ok: false; reason: string };

/**
 * The client an address stands for: an IPv6 host owns at least a /64, so its 2^64 addresses count
 * as one; an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, "");
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An IPv4 tail (::a.b.c.d) takes the place of two groups.
  const tailLength = tailGroups.length + (tailGroups.at(-1)?.includes(".") ? 1 : 0);
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailLength).fill("0");
  const groups = [...headGroups, ...zeros, ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Per client address: at most `socketsPerAddress` chat sockets open at once, and at most
 * `upgradesPerMinute` upgrades a minute. Each upgrade makes the server read and send a snapshot of
 * up to 100 messages, so an address that opens sockets without end would make it send without end.
 * Counted in memory by each instance (behind N instances an address gets N times as much).
 */
export function createAddressLimits({
  socketsPerAddress,
  upgradesPerMinute,
}: {
  socketsPerAddress: number;
  upgradesPerMinute: number;
}) {
  const open = new Map<string, number>();
  const upgrades = createRateLimiter(upgradesPerMinute, 60_000);

  return {
    /** Admits one upgrade from `ip`; call `release` when its socket closes. */
    admit(ip: string): Admission {
      const key = clientKey(ip);
      // Refused attempts are not counted, so a client that hammers is let in once it slows down.
      if (upgrades.retryAfterMs(key) > 0) {
        return { ok: false, reason: "Too many chat connection attempts: try again in a minute." };
      }
      upgrades.hit(key);
      const count = open.get(key) ?? 0;
      if (count >= socketsPerAddress) {
        return { ok: false, reason: "Too many chat connections open from your address." };
      }
      open.set(key, count + 1);
      let released = false;
      return {
        ok: true,
        release() {
          if (released) return;
          released = true;
          const left = (open.get(key) ?? 1) - 1;
          if (left > 0) open.set(key, left);
          else open.delete(key);
        },
      };
    },
    prune(): void {
      upgrades.prune();
    },
    /** Open sockets of an address (for tests). */
    openFrom(ip: string): number {
      return open.get(clientKey(ip)) ?? 0;
    },
  };
}
