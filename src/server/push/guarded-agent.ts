import { type LookupAddress, type LookupOptions, lookup } from "node:dns";
import { Agent } from "node:https";
import { isPublicAddress } from "./private-address.ts";

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The HTTPS agent pushes go through: its DNS lookup answers only public addresses, so a name that
 * pointed at the internet when the member subscribed and points into this network now (DNS
 * rebinding) is refused at the connection itself. Certificates are verified as Node does by
 * default: the system's authorities plus NODE_EXTRA_CA_CERTS.
 */
export function guardedAgent({ allowPrivate }: { allowPrivate: boolean }): Agent {
  const guardedLookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = allowPrivate
        ? addresses
        : addresses.filter(({ address }) => isPublicAddress(address));
      const [first] = allowed;
      if (!first) {
        const refused: NodeJS.ErrnoException = new Error(
          `push: ${hostname} resolves to no public address`,
        );
        refused.code = "EPRIVATEADDRESS";
        return callback(refused, []);
      }
      if (options.all) return callback(null, allowed);
      return callback(null, first.address, first.family);
    });
  };
  return new Agent({ keepAlive: true, maxSockets: 16, lookup: guardedLookup as never });
}
