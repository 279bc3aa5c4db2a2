import http from "node:http";
import { startSmtpCatcher } from "../../test/harness/smtp-catcher.ts";

/**
 * The test SMTP server as a process for the browser tests (playwright.config.ts webServer): it
 * catches on E2E_SMTP_PORT what the app server sends (its SMTP_URL), and answers on
 * E2E_SMTP_API_PORT:
 * - GET /messages?to=<address> → `[{ to, subject, text, html, links, headers }]`, oldest first (all without `to`);
 * - DELETE /messages → 204, forgets every message (journeys run in parallel: prefer unique addresses).
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const apiPort = Number(process.env.E2E_SMTP_API_PORT);
if (!smtpPort || !apiPort) throw new Error("E2E_SMTP_PORT and E2E_SMTP_API_PORT are required");

const catcher = await startSmtpCatcher(smtpPort);

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname !== "/messages") {
    response.writeHead(404).end();
    return;
  }
  if (request.method === "DELETE") {
    catcher.clear();
    response.writeHead(204).end();
    return;
  }
  if (request.method !== "GET") {
    response.writeHead(405, { Allow: "GET, DELETE" }).end();
    return;
  }
  const to = url.searchParams.get("to")?.trim().toLowerCase();
  const list = catcher.messages
    .filter((mail) => !to || mail.to.includes(to))
    .map(({ to: recipients, subject, text, html, links, headers }) => ({
      to: to ?? recipients.join(", "),
      subject,
      text,
      html,
      links,
      headers,
    }));
  response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(list));
});
await new Promise<void>((resolve) => api.listen(apiPort, "127.0.0.1", resolve));
process.stdout.write(
  `Test SMTP server at ${catcher.url}, its messages at http://127.0.0.1:${apiPort}/messages\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    api.close();
    void catcher.stop().then(() => process.exit(0));
  });
}
