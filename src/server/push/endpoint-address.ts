import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress } from "./private-address.ts";

export type EndpointRefusal = { refused: string };

/** The host of `url` as an IP when it is written as one (`[::1]` without its brackets). */
const literalHost = (url: URL): string | undefined => {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) ? host : undefined;
};

const PRIVATE =
  "A push endpoint must be on the public internet, not on a private, loopback or link-local address";

/**
 * Why the server must not send to `endpoint`, or undefined when it may: https only, and (unless
 * `allowPrivate`) a host whose every address is public, resolved now. Sending checks again
 * (guarded-agent.ts), since a name may point elsewhere by then.
 */
export async function endpointRefusal(
  endpoint: string,
  { allowPrivate }: { allowPrivate: boolean },
): Promise<EndpointRefusal | undefined> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { refused: "A push endpoint must be an https address" };
  }
  if (url.protocol !== "https:") return { refused: "A push endpoint must be an https address" };
  if (url.username || url.password) {
    return { refused: "A push endpoint must not carry a user name or password" };
  }
  if (allowPrivate) return undefined;
  const literal = literalHost(url);
  if (literal) return isPublicAddress(literal) ? undefined : { refused: PRIVATE };
  let addresses: { address: string }[];
  try {
    addresses = await lookup(url.hostname, { all: true, verbatim: true });
  } catch {
    return { refused: `The push endpoint's host ${url.hostname} was not found` };
  }
  if (addresses.length === 0 || !addresses.every(({ address }) => isPublicAddress(address))) {
    return { refused: PRIVATE };
  }
  return undefined;
}

/** At send time, for an endpoint written as an IP (the agent's lookup sees only names). */
export function literalRefusal(
  endpoint: string,
  { allowPrivate }: { allowPrivate: boolean },
): EndpointRefusal | undefined {
  if (allowPrivate) return undefined;
  const literal = literalHost(new URL(endpoint));
  return literal && !isPublicAddress(literal) ? { refused: PRIVATE } : undefined;
}
