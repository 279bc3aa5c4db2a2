import { BlockList, isIP } from "node:net";

/**
 * Addresses a push endpoint must never be on: this machine, the private networks and whatever is
 * not one host on the internet (link-local, unique-local, multicast, unspecified, reserved,
 * carrier-grade NAT, IPv4 inside IPv6). A member chooses the endpoint: without this rule the
 * server would send requests into its own network for them (server-side request forgery).
 */
const notPublicV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublicV4.addSubnet(network, prefix, "ipv4");
}
// Apart: a BlockList checks IPv4 addresses against its IPv6 rules too (::ffff:0:0/96 is all of them).
const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublicV6.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP) is one host on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !notPublicV4.check(address, "ipv4") : !notPublicV6.check(address, "ipv6");
}
