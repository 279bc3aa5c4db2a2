import net from "node:net";

/**
 * Which hops in front of the app may name the client (X-Forwarded-For/-Proto/-Host), as Fastify's
 * `trustProxy` takes it: none (false), every hop (true), the nearest `n` hops, or the proxies at
 * these addresses and networks.
 */
export type TrustProxy = boolean | number | string[];

export const TRUST_PROXY_HINT =
  "must be true, false, a number of proxies in front of the app (such as 1), or their addresses and networks separated by commas (such as 10.0.0.5,192.168.1.0/24 or loopback)";

/** proxy-addr's names (what Fastify understands), spelled out so the connection cap uses the same. */
const NAMED_NETWORKS: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

function isAddressOrNetwork(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const version = net.isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY's text as a TrustProxy, or undefined when it is none of the forms in the hint. */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim().toLowerCase();
  if (["true", "on", "yes"].includes(value)) return true;
  if (["false", "off", "no"].includes(value)) return false;
  // "1" and "0" once meant true and false; as hop counts they mean one proxy (all a single proxy
  // needs) and none.
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const expanded = entries.flatMap((entry) => NAMED_NETWORKS[entry] ?? [entry]);
  return entries.length > 0 && expanded.every(isAddressOrNetwork) ? expanded : undefined;
}

/**
 * Fastify's `trustProxy` for a TrustProxy. Fastify 5.12 trusts nothing for a bare number (a hop
 * count cannot tell a proxy from a client that reached the app directly); here the count is a
 * function of the hop, which is no weaker than `true` and is used only where `true` would be
 * (the app reachable through the proxies alone; docs/operations.md).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Whether a connection's peer is a trusted proxy, for the per-address connection cap
 * (connection-cap.ts): with a list, only its addresses. Null for `true` or a hop count: any peer
 * may be a proxy.
 */
export function trustedProxyPeer(trust: TrustProxy): ((address: string) => boolean) | null {
  if (trust === false) return () => false;
  if (!Array.isArray(trust)) return null;
  const list = new net.BlockList();
  for (const entry of trust) {
    const [address = "", prefix] = entry.split("/");
    const type = net.isIP(address) === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  // BlockList matches a dual-stack server's ::ffff:a.b.c.d against IPv4 rules too.
  return (peer) => net.isIP(peer) !== 0 && list.check(peer, net.isIP(peer) === 4 ? "ipv4" : "ipv6");
}
