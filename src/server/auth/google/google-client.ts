import * as oidc from "openid-client";
import type { GoogleConfig } from "../../config.ts";

const DISCOVERY_TIMEOUT_SECONDS = 10;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The OpenID Connect client for Google (or, in tests, a local provider with the same flow). */
export type GoogleClient = {
  /** Discovers the provider on first use and caches it; a failed discovery is retried next time. */
  configuration(): Promise<oidc.Configuration>;
};

async function discover(settings: GoogleConfig): Promise<oidc.Configuration> {
  const url = new URL(settings.discoveryUrl);
  const insecure = url.protocol === "http:";
  if (insecure && !LOCAL_HOSTS.has(url.hostname)) {
    throw new Error(`refusing a plain-http issuer outside this machine: ${url.origin}`);
  }
  return oidc.discovery(url, settings.clientId, settings.clientSecret, undefined, {
    timeout: DISCOVERY_TIMEOUT_SECONDS,
    execute: insecure ? [oidc.allowInsecureRequests] : [],
  });
}

export function createGoogleClient(settings: GoogleConfig): GoogleClient {
  let pending: Promise<oidc.Configuration> | undefined;
  return {
    configuration() {
      pending ??= discover(settings).catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
  };
}
