/**
 * What each environment variable of config.ts means: the source of the README's Configuration
 * table (`node scripts/config-table.ts --write` writes it; `npm run check` fails when it drifts).
 * config-docs.test.ts checks that these rows name exactly the variables envSchema reads.
 *
 * A row's default is the schema's own when it has one (so the table cannot disagree with the code);
 * `default` text is for variables the schema leaves unset and the server fills in later.
 */
import { z } from "zod";
import { envSchema } from "./config.ts";
import { WRITE_ACTIONS, WRITE_LIMIT_ENV, type WriteAction } from "./limits/write-limit-rules.ts";

export type ConfigDoc = {
  /** One variable, or several read together (shown as `A` / `B`). */
  variables: string[];
  /** Only for a variable without a schema default; none at all shows "—". */
  default?: string;
  meaning: string;
};

const row = (variable: string, meaning: string, fallback?: string): ConfigDoc => ({
  variables: [variable],
  meaning,
  ...(fallback === undefined ? {} : { default: fallback }),
});

/** The per-account write limits, in WRITE_ACTIONS' order: a maximum, then the new accounts' one. */
const WRITE_LIMIT_MEANINGS: Record<WriteAction, string> = {
  post: "posts per account per hour (new accounts, see `NEW_ACCOUNT_HOURS`: the second), counted in the database (shared by all instances); more get 429 with `Retry-After`",
  review: "reviews per account per hour",
  "profile-edit": "profile saves per account per hour",
  chat: "chat messages per account per minute (on top of the in-memory 10 in 10 s)",
  report: "reports per account per hour",
  conversation: "new direct conversations per account per day",
  "direct-message": "direct messages per account per minute",
  edit: "edits per account per hour: changing, closing, reopening or deleting a post, a review or a reply",
  photo: "profile photos uploaded per account per hour",
};

const writeLimitRows = WRITE_ACTIONS.map(
  (action): ConfigDoc => ({
    variables: [WRITE_LIMIT_ENV[action].max, WRITE_LIMIT_ENV[action].newAccountMax],
    meaning: WRITE_LIMIT_MEANINGS[action],
  }),
);

/** The table's rows, in the README's order. */
export const CONFIG_DOCS: ConfigDoc[] = [
  row("PORT", "HTTP port"),
  row(
    "HOST",
    "interface to listen on: `0.0.0.0` (every interface) to be reached from other machines; the Dockerfile and `compose.yaml` set it",
    "`0.0.0.0` in production, else `127.0.0.1` (this machine only)",
  ),
  row("DATABASE_URL", "`postgres://…` of a PostgreSQL server; unset means the embedded database"),
  row(
    "DATABASE_CONNECT_TIMEOUT_SECONDS",
    "PostgreSQL only: the longest a request waits for a connection (opening one, or a free one from the pool of 10); then 503 with `Retry-After`",
  ),
  row(
    "DATABASE_QUERY_TIMEOUT_SECONDS",
    "PostgreSQL only: the server cancels a statement running longer (`statement_timeout`); a server that does not answer at all (a silent network partition) is given up half a second later and that connection discarded; either way 503 with `Retry-After`. The server also ends a transaction left idle 5 times this long",
  ),
  row(
    "DATA_DIR",
    "where the embedded database lives (locked by one process at a time); kept 0700 with files 0600, and refused at start when group or others can write it",
  ),
  row("NODE_ENV", "`production` makes cookies `Secure` with the `__Host-` prefix"),
  row("LOG_LEVEL", "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`"),
  row(
    "PUBLIC_ORIGIN",
    "the address people open (e.g. `https://talents.example`); **required in production** unless `ALLOWED_HOSTS` is set; when set, the Host header is never used",
  ),
  row(
    "ALLOWED_HOSTS",
    "when `PUBLIC_ORIGIN` is unset: host names this server answers to, comma-separated (localhost, 127.0.0.1 and [::1] always); other Hosts get 421 (DNS rebinding); the origin of links and checks is built from the Host's name and numeric port only, and a malformed Host (`talents.example:443@evil.example`) gets 400 whatever is set",
  ),
  row("WEB_DIR", "the built web app to serve", "`dist/web`"),
  row(
    "TRUST_PROXY",
    "only behind reverse proxies: which of them may name the client's address (rate limits), scheme (Secure cookies, HSTS) and host (the origin, when `PUBLIC_ORIGIN` is unset) in `X-Forwarded-For`/`-Proto`/`-Host`: their addresses or networks, comma-separated (`10.0.0.5,192.168.1.0/24`, or `loopback`; best: a client reaching the app directly is still taken at its word and capped), a number of proxies (`1`: the nearest one), or `true` (every hop). `1` and `0` once meant `true` and `false`; now one proxy and none",
  ),
  row(
    "API_DOCS",
    "serve the OpenAPI document of the whole API (moderation included) at `/api/docs`; off, it answers 404",
    "`false` in production, else `true`",
  ),
  row(
    "TEST_CLOCK",
    "tests only (browser journeys): `POST /api/test/clock` `{ advanceSeconds }` moves the server's clock forward and runs the due reminders and mails at once; refused when `NODE_ENV=production`",
  ),
  row(
    "DEV_MAIL_VIEWER",
    "development only (`npm run dev` sets it): `/dev/mail` lists the mail the outbox would have sent, newest first, with its links; off, and always in production, `/dev/mail` answers 404; refused when `NODE_ENV=production`",
  ),
  row(
    "AUTH_ENUMERATION_PROTECTION",
    "sign-in failures answer one generic `invalid-credential`; `false` tells `user-not-found` from `wrong-password`",
  ),
  row(
    "AUTH_MAX_FAILED_SIGNINS",
    "failed sign-ins per account per window, counted in the database (shared by all instances)",
  ),
  row("AUTH_FAILED_SIGNIN_WINDOW_MINUTES", "that window"),
  row(
    "AUTH_SIGNIN_PER_IP_PER_MINUTE",
    "sign-in attempts per IP, counted in the database all instances share (two instances allow 10, not 20)",
  ),
  row(
    "AUTH_SIGNUP_PER_IP_PER_HOUR",
    "sign-ups per IP, counted in the database all instances share",
  ),
  row(
    "AUTH_FORGOT_PASSWORD_PER_IP_PER_MINUTE",
    '"Forgot password?" requests per IP, counted in the database all instances share',
  ),
  row(
    "HEADERS_TIMEOUT_SECONDS",
    "a client must finish its headers within this time, or gets 408 and is closed",
  ),
  row(
    "REQUEST_TIMEOUT_SECONDS",
    "the whole request must arrive within this time (at least `HEADERS_TIMEOUT_SECONDS`)",
  ),
  row(
    "KEEP_ALIVE_TIMEOUT_SECONDS",
    "idle keep-alive connections close after this (keep it above your proxy's idle timeout)",
  ),
  row(
    "MAX_CONNECTIONS_PER_ADDRESS",
    "open connections from one client address; more get 503 (not applied to the proxies `TRUST_PROXY` lists, and not at all with `TRUST_PROXY=true` or a number: any peer may be a proxy)",
  ),
  row(
    "CHAT_SOCKETS_PER_ADDRESS",
    "open chat WebSockets per client address (IPv6: per /64), per instance (an instantaneous count: behind N instances the proxy's `limit_conn` in `deploy/nginx.conf`, 20, holds the total); more are closed with code 4429",
  ),
  row(
    "CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE",
    "chat WebSocket upgrades per client address per minute, counted in the database all instances share; more are closed with 4429",
  ),
  row(
    "NEW_ACCOUNT_HOURS",
    "until this many hours old an account is new: it gets the lower write limits below, its reviews are held (shown to their author only, counted nowhere) until it stops being new, and its reports do not count toward `REPORTS_AUTO_HIDE_THRESHOLD`; `0` turns every new-account rule off (decision 028)",
  ),
  ...writeLimitRows,
  row(
    "LOG_FORMAT",
    "`json` (one JSON line per event, for log collectors) or `pretty` (one readable, coloured line per request; needs the development dependencies)",
    "JSON in production or when standard output is not a terminal, else `pretty`",
  ),
  row(
    "ADMIN_EMAILS",
    "the moderators, comma-separated: an account whose **verified** email is listed gets `/moderation` after signing in (an address typed at sign-up but never proved moderates nothing)",
  ),
  row(
    "NOTIFICATION_MAIL_DELAY_SECONDS",
    "a notification still unread this many seconds later is mailed (to a verified address, if the member keeps that kind of mail on); one mail per conversation until it is read",
  ),
  row(
    "NOTIFICATION_MAIL_DAILY_CAP",
    "notification mails per member and day, at most; what is due past it stays in the bell only",
  ),
  {
    variables: ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
    default: "made on first start and kept in the database",
    meaning:
      "Web Push's key pair (base64url, as `npx web-push generate-vapid-keys` prints it), set both or neither. Unset, the first instance to start makes one and every instance uses it; set them only to keep a pair you already handed out (changing the pair ends every device's push until the member turns it on again)",
  },
  row(
    "VAPID_SUBJECT",
    "how push services can reach whoever runs this server: `mailto:` an address or an `https://` page. Apple's service refuses `localhost`",
    "`mailto:` the address of `MAIL_FROM`",
  ),
  row(
    "PUSH_ALLOW_PRIVATE_ENDPOINTS",
    "let push endpoints be on loopback, private, link-local or unique-local addresses. Only for development and tests: in production a member could make the server send requests into its own network",
  ),
  row(
    "REPORTS_AUTO_HIDE_THRESHOLD",
    "an item reported by this many different members (accounts no longer new, see `NEW_ACCOUNT_HOURS`) is hidden until a moderator looks; three so that one or two people with a grudge cannot silence a neighbour (decision 010)",
  ),
  row(
    "SERVE_SOURCE_MAPS",
    "serve the build's `*.map` files (the build makes them only with `SOURCE_MAPS=true npx vite build`)",
    "`false` in production, else `true`",
  ),
  {
    variables: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    meaning: "Google sign-in is on only when both are set",
  },
  row(
    "GOOGLE_DISCOVERY_URL",
    "the OpenID Connect issuer (https; http only for localhost, as in the tests)",
  ),
  row(
    "SMTP_URL",
    "the mail server: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://user:password@host:465` (TLS). Unset: in development and tests each mail is written to the log with its links; in production nothing is sent, the server says so in one warning line at start and the pages that would send mail say email is not set up",
  ),
  row(
    "MAIL_FROM",
    "the From of every mail, `Name <address>` or an address; use an address your mail provider may send for",
    "`Your Local Talents <no-reply@…>` (the host of `PUBLIC_ORIGIN`, else `localhost`)",
  ),
  row(
    "METRICS_TOKEN",
    "serve `GET /metrics` (Prometheus text format) on the app's port to requests with `Authorization: Bearer <token>`; at least 16 characters. Unset (and no `METRICS_PORT`): `/metrics` answers 404",
  ),
  row(
    "METRICS_PORT",
    "serve `GET /metrics` without a token on `127.0.0.1` at this port only, for a scraper on the same host (never on another interface)",
  ),
  row(
    "SHUTDOWN_DRAIN_SECONDS",
    "after SIGTERM, keep serving this long while `GET /api/health/ready` answers 503 `draining`, so a load balancer stops sending traffic first; then close (set it above the balancer's probe interval)",
  ),
  row(
    "MAP_TILE_URL",
    "the search map's raster tiles (issue 33): a URL with `{z}`, `{x}` and `{y}` (and `{s}` if the server has subdomains); https, http only for localhost. Use your own tile server or a provider's for more than light use (OpenStreetMap's tile usage policy). Its origin is added to the pages' `img-src`",
  ),
  row(
    "MAP_TILE_ATTRIBUTION",
    "who the tiles are from, shown as text in the map's corner (required by OpenStreetMap's licence)",
  ),
];

const shape = envSchema.shape as Record<string, z.ZodType>;

/** The variables config.ts reads, in its schema's order. */
export const CONFIG_VARIABLES: string[] = Object.keys(shape);

/** The schema's default for a variable, as the table shows it; undefined when it has none. */
export function schemaDefault(variable: string): string | undefined {
  const schema = shape[variable];
  return schema instanceof z.ZodDefault ? `\`${String(schema.def.defaultValue)}\`` : undefined;
}

/**
 * Why CONFIG_DOCS cannot make the table: variables config.ts reads that no row describes, rows
 * naming variables it does not read or naming one twice, and default text contradicting a schema
 * default. Empty when all is well.
 */
export function configDocsProblems(docs: ConfigDoc[] = CONFIG_DOCS): string[] {
  const documented = docs.flatMap((doc) => doc.variables);
  const problems = [
    ...CONFIG_VARIABLES.filter((name) => !documented.includes(name)).map(
      (name) => `config.ts reads ${name}, which src/server/config-docs.ts does not describe`,
    ),
    ...documented
      .filter((name) => !CONFIG_VARIABLES.includes(name))
      .map((name) => `src/server/config-docs.ts describes ${name}, which config.ts does not read`),
    ...documented
      .filter((name, index) => documented.indexOf(name) !== index)
      .map((name) => `src/server/config-docs.ts describes ${name} twice`),
  ];
  for (const doc of docs) {
    const withDefault = doc.variables.filter((name) => schemaDefault(name) !== undefined);
    if (doc.default !== undefined && withDefault.length > 0) {
      problems.push(
        `src/server/config-docs.ts gives ${withDefault.join(", ")} default text, but config.ts has its default`,
      );
    }
  }
  return problems;
}

const cell = (text: string) => text.replaceAll("|", "\\|");

/** The README's Configuration table, header included, one line per row, ending in a newline. */
export function configTable(docs: ConfigDoc[] = CONFIG_DOCS): string {
  const lines = ["| variable | default | meaning |", "|---|---|---|"];
  for (const doc of docs) {
    const defaults = doc.variables.map((name) => schemaDefault(name) ?? doc.default ?? "—");
    const shown = new Set(defaults).size === 1 ? [defaults[0]] : defaults;
    const variables = doc.variables.map((name) => `\`${name}\``).join(" / ");
    lines.push(`| ${variables} | ${cell(shown.join(" / "))} | ${cell(doc.meaning)} |`);
  }
  return `${lines.join("\n")}\n`;
}
