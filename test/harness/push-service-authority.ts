import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The test push service's certificate (test/harness/push-service.ts). */
export const PUSH_SERVICE_CERT = path.join(import.meta.dirname, "push-service", "cert.pem");

/**
 * What NODE_EXTRA_CA_CERTS must be for a server that trusts the test push service as Node trusts an
 * operator's own authority, with the authorities `already` named (this machine may set some).
 * Node reads it once at process start: set it before the processes that need it start.
 */
export function authoritiesWithTestPushService(already = process.env.NODE_EXTRA_CA_CERTS): string {
  if (!already || already === PUSH_SERVICE_CERT) return PUSH_SERVICE_CERT;
  const name = createHash("sha256").update(already).digest("hex").slice(0, 12);
  const bundle = path.join(tmpdir(), `ylt-test-authorities-${name}.pem`);
  writeFileSync(
    bundle,
    `${readFileSync(already, "utf8")}\n${readFileSync(PUSH_SERVICE_CERT, "utf8")}`,
  );
  return bundle;
}
