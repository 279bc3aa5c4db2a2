import { isIPv6 } from "node:net";
import type { Db } from "../db/database.ts";
import { countAddressHit } from "../limits/index.ts";

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

const TOO_MANY_UPGRADES = "Too many chat connection attempts: try again in a minute.";

/**
 * Per client address: at most `upgradesPerMinute` upgrades a minute, counted in the database every
 * instance shares (issue 28, item 8), and at most `socketsPerAddress` chat sockets open at once on
 * this instance. Each upgrade makes the server read and send a snapshot of up to 100 messages, so
 * an address that opens sockets without end would make it send without end. The open sockets are
 * an instantaneous count, kept in memory: behind N instances an address may hold N times as many,
 * and the proxy's `limit_conn` (deploy/nginx.conf) holds the total.
 */
export function createAddressLimits({
  db,
  socketsPerAddress,
  upgradesPerMinute,
}: {
  db: Db;
  socketsPerAddress: number;
  upgradesPerMinute: number;
}) {
  const open = new Map<string, number>();

  return {
    /** Counts an upgrade from `ip`: the reason to refuse it, or null. Every attempt counts. */
    async countUpgrade(ip: string): Promise<string | null> {
      const { hits } = await countAddressHit(db, `chat-upgrade:${clientKey(ip)}`, 60_000);
      return hits > upgradesPerMinute ? TOO_MANY_UPGRADES : null;
    },
    /** Admits one more open socket from `ip`; call `release` when it closes. */
    admit(ip: string): Admission {
      const key = clientKey(ip);
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
    /** Open sockets of an address (for tests). */
    openFrom(ip: string): number {
      return open.get(clientKey(ip)) ?? 0;
    },
  };
}
