import { startOidcProvider } from "./oidc-provider.ts";

/** Runs the local OpenID Connect provider for the browser tests (playwright.config.ts webServer). */
const port = Number(process.env.E2E_OIDC_PORT ?? 0);
const provider = await startOidcProvider(port);
process.stdout.write(`OpenID Connect test provider at ${provider.url}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void provider.stop().then(() => process.exit(0)));
}
