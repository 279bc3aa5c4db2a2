import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

/**
 * A local OpenID Connect provider standing in for Google in tests (oauth2-mock-server underneath).
 * Its /authorize shows a small "choose an account" page, like Google's: the person signing in types
 * an email (and a name) and continues, or cancels. The ID token's subject is derived from the email,
 * so the same email is the same returning account and parallel tests never share one. A test that
 * calls it without a browser passes `login_hint=<email>` (and optionally `sub`) to skip the page.
 */
export type OidcProvider = { url: string; service: OAuth2Service; stop(): Promise<void> };

export type ChosenAccount = { sub: string; email: string; name: string; picture?: string };

export function subjectFor(email: string): string {
  return `sub-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 20)}`;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function chooserPage(query: URLSearchParams): string {
  const hidden = [...query]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const cancel = new URL(query.get("redirect_uri") ?? "about:blank");
  cancel.searchParams.set("error", "access_denied");
  const state = query.get("state");
  if (state) cancel.searchParams.set("state", state);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Test provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem">
<h1>Choose an account</h1><p>Local OpenID Connect provider for tests.</p>
<form method="get" action="/authorize" style="display:grid;gap:.75rem">${hidden}
<label>Email <input name="login_hint" type="email" required></label>
<label>Name <input name="name" type="text"></label>
<button type="submit">Continue</button></form>
<p><a href="${escapeHtml(cancel.href)}">Cancel</a></p></body></html>`;
}

export async function startOidcProvider(port = 0, host = "127.0.0.1"): Promise<OidcProvider> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate("RS256");
  const service = new OAuth2Service(issuer);
  const accountsByCode = new Map<string, ChosenAccount>();

  service.on("beforeAuthorizeRedirect", (redirect: { url: URL }, req: http.IncomingMessage) => {
    const query = new URL(req.url ?? "/", "http://provider").searchParams;
    const code = redirect.url.searchParams.get("code");
    const email = query.get("login_hint");
    if (!code || !email) return;
    accountsByCode.set(code, {
      sub: query.get("sub") || subjectFor(email),
      email,
      name: query.get("name") || email.split("@")[0] || email,
      ...(query.get("picture") ? { picture: query.get("picture") as string } : {}),
    });
  });
  service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
      const account = req.body?.code ? accountsByCode.get(req.body.code) : undefined;
      if (!account) return;
      Object.assign(token.payload, {
        sub: account.sub,
        email: account.email,
        email_verified: true,
        name: account.name,
        ...(account.picture ? { picture: account.picture } : {}),
      });
    },
  );
  service.on("beforeResponse", (_response: unknown, req: { body?: { code?: string } }) => {
    if (req.body?.code) accountsByCode.delete(req.body.code);
  });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://provider");
    if (
      req.method === "GET" &&
      url.pathname === "/authorize" &&
      !url.searchParams.get("login_hint")
    ) {
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      });
      res.end(chooserPage(url.searchParams));
      return;
    }
    service.requestHandler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  issuer.url = `http://${host}:${address.port}`;
  return {
    url: issuer.url,
    service,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
