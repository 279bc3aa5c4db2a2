import path from "node:path";
import { z } from "zod";
import type { MetricsConfig } from "./health/index.ts";
import { parseTrustProxy, TRUST_PROXY_HINT, type TrustProxy } from "./http/trusted-proxies.ts";
import {
  DEFAULT_NEW_ACCOUNT_HOURS,
  DEFAULT_WRITE_LIMITS,
  WRITE_ACTIONS,
  WRITE_LIMIT_ENV,
  type WriteLimits,
  writeLimitsFrom,
} from "./limits/write-limit-rules.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

/** The write limits' settings (WRITE_LIMIT_ENV), each defaulting to the shipped limit. */
const writeLimitSettings = Object.fromEntries(
  WRITE_ACTIONS.flatMap((action) =>
    (["max", "newAccountMax"] as const).map((limit) => [
      WRITE_LIMIT_ENV[action][limit],
      positiveInt(DEFAULT_WRITE_LIMITS[action][limit]),
    ]),
  ),
) as Record<string, ReturnType<typeof positiveInt>>;

const onOffUnset = () =>
  z
    .enum(["true", "false", "1", "0", "on", "off", "yes", "no"], {
      error: "must be true or false",
    })
    .transform((value) => ["true", "1", "on", "yes"].includes(value));
const onOff = (fallback: boolean) => onOffUnset().default(fallback);

/** https only, except for a provider on this machine (the tests' local OpenID Connect provider). */
const isAllowedIssuer = (value: string) => {
  const url = new URL(value);
  return (
    url.protocol === "https:" ||
    (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname))
  );
};

/** A comma-separated list, each item trimmed and lower-cased, empty ones left out. */
const lowerCaseList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

/** Email addresses, comma-separated, compared lower-case. */
const emailList = lowerCaseList.refine(
  (emails) => emails.every((email) => /^[^\s@,]+@[^\s@,]+$/.test(email)),
  "must be email addresses separated by commas, such as ana@talents.example,ben@talents.example",
);

/** Host names (no scheme, port or path), comma-separated: `talents.example, www.talents.example`. */
const hostList = lowerCaseList.refine(
  (hosts) =>
    hosts.length > 0 &&
    hosts.every((host) => /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(host)),
  "must be host names separated by commas, such as talents.example,www.talents.example",
);

/** `smtp://user:password@host:port` (STARTTLS when the server offers it) or `smtps://…` (TLS). */
const smtpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return ["smtp:", "smtps:"].includes(url.protocol) && url.hostname !== "";
  } catch {
    return false;
  }
}, "must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example:587");

/** `Name <address>` or a bare address, as a mail's From line. */
const mailFrom = z
  .string()
  .regex(
    /^([^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
    'must be an address such as "Your Local Talents <no-reply@talents.example>"',
  );

/** Base64url of `bytes` bytes (VAPID keys as web-push makes them). */
const base64urlBytes = (bytes: number, example: string) =>
  z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, "base64url").length === bytes,
      `must be ${bytes} bytes in base64url, as \`npx web-push generate-vapid-keys\` prints it (${example})`,
    );

/** Who runs this server, for push services to contact (RFC 8292): a mailto: or https: address. */
const vapidSubject = z
  .string()
  .regex(
    /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
    "must be a mailto: or https: address such as mailto:admin@talents.example",
  );

export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_MAP_TILE_ATTRIBUTION = "© OpenStreetMap contributors";

/** A tile URL the browser may load: https (http only for this machine) with {z}, {x} and {y}. */
function isTileUrl(value: string): boolean {
  if (!["{z}", "{x}", "{y}"].every((part) => value.includes(part))) return false;
  try {
    const url = new URL(value.replaceAll(/\{[a-z]\}/g, "0"));
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname);
  } catch {
    return false;
  }
}

/** Every variable the server reads; config-docs.ts describes each (README, Configuration). */
export const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  /** Unset: every interface in production, else this machine only (issue 34). */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_CONNECT_TIMEOUT_SECONDS: positiveInt(3),
  DATABASE_QUERY_TIMEOUT_SECONDS: positiveInt(2),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default("info"),
  /**
   * How log lines look: `pretty` (one coloured line each, for people) or `json` (for log
   * collectors). Unset: JSON in production and whenever standard output is not a terminal.
   */
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "must be json or pretty" }).optional(),
  /**
   * Public origin of the app (e.g. https://talents.example). Production needs it or ALLOWED_HOSTS;
   * unset, the origin is the request's own, for an allowed Host only (localhost by default).
   */
  PUBLIC_ORIGIN: z.url({ error: "must be a URL such as https://talents.example" }).optional(),
  /** Folder of the built web app; defaults to dist/web of this checkout. */
  WEB_DIR: z.string().min(1).optional(),
  /**
   * Only behind a reverse proxy: which hops may name the client's address and scheme in
   * X-Forwarded-For/-Proto (http/trusted-proxies.ts).
   */
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === undefined) ctx.addIssue({ code: "custom", message: TRUST_PROXY_HINT });
      return trust ?? false;
    })
    .default(false),
  /** The OpenAPI document at /api/docs; unset: served outside production only. */
  API_DOCS: onOffUnset().optional(),
  /** With PUBLIC_ORIGIN unset: the host names the Host header may name (besides localhost). */
  ALLOWED_HOSTS: hostList.optional(),
  /** Serve the build's *.map files; on by default outside production. */
  SERVE_SOURCE_MAPS: onOffUnset().optional(),
  /**
   * Tests only (browser journeys): POST /api/test/clock moves the server's clock forward. Refused
   * in production.
   */
  TEST_CLOCK: onOff(false),
  /**
   * Development only (`npm run dev`, issue 34): /dev/mail lists what the outbox would have sent.
   * Refused in production.
   */
  DEV_MAIL_VIEWER: onOff(false),
  HEADERS_TIMEOUT_SECONDS: positiveInt(10),
  REQUEST_TIMEOUT_SECONDS: positiveInt(30),
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt(72),
  MAX_CONNECTIONS_PER_ADDRESS: positiveInt(100),
  /** On: every failed sign-in answers invalid-credential; off: user-not-found / wrong-password. */
  AUTH_ENUMERATION_PROTECTION: onOff(true),
  AUTH_MAX_FAILED_SIGNINS: positiveInt(5),
  AUTH_FAILED_SIGNIN_WINDOW_MINUTES: positiveInt(15),
  AUTH_SIGNIN_PER_IP_PER_MINUTE: positiveInt(10),
  AUTH_SIGNUP_PER_IP_PER_HOUR: positiveInt(20),
  AUTH_FORGOT_PASSWORD_PER_IP_PER_MINUTE: positiveInt(10),
  CHAT_SOCKETS_PER_ADDRESS: positiveInt(20),
  CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: positiveInt(60),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ error: "must be a URL such as https://accounts.google.com" })
    .refine(isAllowedIssuer, "must be an https:// URL (http:// only for localhost)")
    .default("https://accounts.google.com"),
  /** Unset: mail is written to the log (development, test) or not sent (production). */
  SMTP_URL: smtpUrl.optional(),
  /** Default: Your Local Talents <no-reply@host of PUBLIC_ORIGIN, else localhost>. */
  MAIL_FROM: mailFrom.optional(),
  /** Moderators: accounts whose verified email is in this list (issue 16). */
  ADMIN_EMAILS: emailList.optional(),
  /** Different established members whose open reports hide an item until a moderator looks. */
  REPORTS_AUTO_HIDE_THRESHOLD: positiveInt(3),
  /** A notification still unread this long is mailed (issue 30). */
  NOTIFICATION_MAIL_DELAY_SECONDS: positiveInt(600),
  /** Notification mails per member and day, at most. */
  NOTIFICATION_MAIL_DAILY_CAP: positiveInt(10),
  /** Web Push's VAPID key pair (issue 31); unset: made on first start and kept in the database. */
  VAPID_PUBLIC_KEY: base64urlBytes(65, "87 characters").optional(),
  VAPID_PRIVATE_KEY: base64urlBytes(32, "43 characters").optional(),
  /** Default: mailto: the address of MAIL_FROM. */
  VAPID_SUBJECT: vapidSubject.optional(),
  /** Push endpoints on private, loopback or link-local addresses: only for development and tests. */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: onOff(false),
  /** Until this age an account is new (issue 32): lower write limits, held reviews; 0: never. */
  NEW_ACCOUNT_HOURS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(24 * 365, "must be at most 8760 (a year)")
    .default(DEFAULT_NEW_ACCOUNT_HOURS),
  /** Bearer token for GET /metrics on the app's port (issue 35); unset: not served there. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** GET /metrics without a token on 127.0.0.1 at this port, for a scraper on the same host. */
  METRICS_PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .optional(),
  /** After SIGTERM: seconds the server keeps serving while /api/health/ready says not ready. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(60, "must be at most 60")
    .default(0),
  /**
   * The map's raster tiles (issue 33): a URL with {z}, {x} and {y} (and optionally {s}), https (or
   * http for localhost); default OpenStreetMap's standard tiles.
   */
  MAP_TILE_URL: z
    .string()
    .refine(isTileUrl, "must be an https:// URL with {z}, {x} and {y} (http:// only for localhost)")
    .default(DEFAULT_MAP_TILE_URL),
  /** Who the tiles are from, shown on the map as text. */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .max(300, "must be at most 300 characters")
    .default(DEFAULT_MAP_TILE_ATTRIBUTION),
  ...writeLimitSettings,
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL only (db/postgres-pool.ts); the embedded database has no network to wait on. */
  databaseBounds: DatabaseBounds;
  nodeEnv: "development" | "production" | "test";
  logLevel: (typeof LOG_LEVELS)[number];
  /** LOG_FORMAT as set; undefined: chosen at start (http/log-format.ts). */
  logFormat: "json" | "pretty" | undefined;
  publicOrigin: string | undefined;
  /** Folder of the built SPA; absent in API-only tests. */
  webDir: string | undefined;
  trustProxy: TrustProxy;
  /** Whether /api/docs serves the OpenAPI document of the whole API. */
  apiDocs: boolean;
  /** Tests only: a clock POST /api/test/clock moves (test-clock/). */
  testClock: boolean;
  /** Development only: /dev/mail shows the outbox (mail/dev-mail-viewer.ts). */
  devMailViewer: boolean;
  /** What the Host header may name; undefined when PUBLIC_ORIGIN is set (then nothing reads Host). */
  allowedHosts: string[] | undefined;
  serveSourceMaps: boolean;
  http: HttpLimits;
  auth: AuthConfig;
  /** Per client address: upgrades counted in the database, open sockets by each instance. */
  chat: { socketsPerAddress: number; upgradesPerAddressPerMinute: number };
  /** Google sign-in; undefined unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
  google: GoogleConfig | undefined;
  /**
   * Until this many hours old an account is new (NEW_ACCOUNT_HOURS, issue 32): its reviews are held
   * until then, its reports do not count toward hiding; the write limits hold their own copy.
   */
  newAccountHours: number;
  /** Writes per account and window, counted in the database (limits/write-limit-rules.ts). */
  writeLimits: WriteLimits;
  mail: MailConfig;
  moderation: ModerationConfig;
  notifications: NotificationsConfig;
  push: PushConfig;
  metrics: MetricsConfig;
  /** After SIGTERM, how long the instance serves while saying it is not ready (health/). */
  shutdownDrainSeconds: number;
  /** The map view's tiles and their attribution (issue 33). */
  map: MapConfig;
  /**
   * Addresses per sitemap page (issue 33): not a variable; SITEMAP_PAGE_SIZE, which tests make
   * small to see the paging.
   */
  sitemapPageSize: number;
};

/** Addresses per sitemap page: the protocol allows 50,000; smaller pages are quicker to make. */
export const SITEMAP_PAGE_SIZE = 10_000;

/** The map view (issue 33): where its raster tiles come from and whom to credit. */
export type MapConfig = { tileUrl: string; tileAttribution: string };

/** Web Push (src/server/push). */
export type PushConfig = {
  /** Set by the operator; undefined: the pair made on first start, kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** How push services reach whoever runs this server (the VAPID `sub` claim). */
  subject: string;
  /** Endpoints on private, loopback or link-local addresses allowed (development and tests only). */
  allowPrivateEndpoints: boolean;
};

/** Notification mail (src/server/notifications): when an unread entry is mailed, how many a day. */
export type NotificationsConfig = { mailDelaySeconds: number; mailDailyCap: number };

/**
 * How long a request may wait on PostgreSQL: for a connection (opening one, or a free one from the
 * pool), and for one statement. Past either it answers 503 with Retry-After.
 */
export type DatabaseBounds = { connectTimeoutSeconds: number; queryTimeoutSeconds: number };

/** Trust and safety (src/server/moderation). */
export type ModerationConfig = {
  /** Lower-cased; an account is a moderator when its verified email is one of these. */
  adminEmails: string[];
  /** Distinct established reporters whose open reports hide an item pending review. */
  autoHideThreshold: number;
};

/** Outgoing mail (src/server/mail): SMTP when `smtpUrl` is set, else see mailAvailable. */
export type MailConfig = { smtpUrl: string | undefined; from: string };

export type AuthConfig = {
  enumerationProtection: boolean;
  /** Failed sign-ins allowed per account within the window, counted in the database. */
  maxFailedSignIns: number;
  failedSignInWindowMinutes: number;
  /** Per-IP limits, counted in the database every instance shares (limits/address-hits.ts). */
  signInPerIpPerMinute: number;
  signUpPerIpPerHour: number;
  forgotPasswordPerIpPerMinute: number;
};

/** Slow or piled-up connections (issue 13 item 13); the cap is off behind a trusted proxy. */
export type HttpLimits = {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  maxConnectionsPerAddress: number;
};

/** Names a browser only sends for this machine: DNS rebinding cannot forge them. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export type GoogleConfig = { clientId: string; clientSecret: string; discoveryUrl: string };

export class ConfigError extends Error {}

/** The rules between variables, which the schema checks one by one. */
function checkCombinations(e: z.infer<typeof envSchema>, env: NodeJS.ProcessEnv): void {
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    const [missing, present] = e.GOOGLE_CLIENT_ID
      ? ["GOOGLE_CLIENT_SECRET", "GOOGLE_CLIENT_ID"]
      : ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"];
    throw new ConfigError(
      `Invalid configuration: ${missing}=${JSON.stringify(env[missing])} must be set together with ${present}.`,
    );
  }
  if (e.NODE_ENV === "production" && !e.PUBLIC_ORIGIN && !e.ALLOWED_HOSTS) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_ORIGIN is not set: in production set it to the address people open (e.g. https://talents.example), or list this server's host names in ALLOWED_HOSTS.",
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const [missing, present] = e.VAPID_PUBLIC_KEY
      ? ["VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY"]
      : ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"];
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set together with ${present} (a key pair).`,
    );
  }
  if (e.NODE_ENV === "production" && e.DEV_MAIL_VIEWER) {
    throw new ConfigError(
      "Invalid configuration: DEV_MAIL_VIEWER=true is for development only: it shows every mail's links (password resets included) to whoever opens /dev/mail. Unset it in production.",
    );
  }
  if (e.NODE_ENV === "production" && e.TEST_CLOCK) {
    throw new ConfigError(
      "Invalid configuration: TEST_CLOCK=true is for tests only: it lets anyone move the server's clock. Unset it in production.",
    );
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      `Invalid configuration: HEADERS_TIMEOUT_SECONDS=${JSON.stringify(env.HEADERS_TIMEOUT_SECONDS)} must not be more than REQUEST_TIMEOUT_SECONDS (${e.REQUEST_TIMEOUT_SECONDS}).`,
    );
  }
}

/** Variables whose value an error message must not repeat. */
const SECRET_VARIABLES = new Set(["GOOGLE_CLIENT_SECRET", "VAPID_PRIVATE_KEY"]);

/** A variable's value as an error repeats it: a URL's password (SMTP_URL, DATABASE_URL) and a
 * secret never reach the log. */
const shownValue = (name: string, value: string | undefined) =>
  SECRET_VARIABLES.has(name) ? "***" : value?.replace(/\/\/[^/]*@/, "//***@");

/** The address of a From line: `Name <a@b>` or `a@b`. */
const bareAddress = (from: string) => from.match(/<([^>]+)>/)?.[1] ?? from;

function pushConfig(e: z.infer<typeof envSchema>, mailFrom: string): PushConfig {
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    subject: e.VAPID_SUBJECT ?? `mailto:${bareAddress(mailFrom)}`,
    allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
  };
}

/**
 * HOST, else every interface in production (containers, hosts behind a proxy) and this machine
 * only anywhere else (issue 34): `npm start` on a laptop is not offered to the whole network.
 */
const listenHost = (e: z.infer<typeof envSchema>) =>
  e.HOST ?? (e.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1");

/** Reads and validates the environment; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const value = shownValue(name, env[name]);
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(value)} ${issue?.message ?? "is invalid"}.`,
    );
  }
  const e = parsed.data;
  checkCombinations(e, env);
  const mailFromAddress =
    e.MAIL_FROM ??
    `Your Local Talents <no-reply@${e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).hostname : "localhost"}>`;
  return {
    port: e.PORT,
    host: listenHost(e),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseBounds: {
      connectTimeoutSeconds: e.DATABASE_CONNECT_TIMEOUT_SECONDS,
      queryTimeoutSeconds: e.DATABASE_QUERY_TIMEOUT_SECONDS,
    },
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ""),
    webDir: path.resolve(e.WEB_DIR ?? path.join(import.meta.dirname, "../../dist/web")),
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== "production",
    testClock: e.TEST_CLOCK,
    devMailViewer: e.DEV_MAIL_VIEWER,
    allowedHosts:
      e.PUBLIC_ORIGIN && !e.ALLOWED_HOSTS
        ? undefined
        : [...LOOPBACK_HOSTS, ...(e.ALLOWED_HOSTS ?? [])],
    serveSourceMaps: e.SERVE_SOURCE_MAPS ?? e.NODE_ENV !== "production",
    http: {
      headersTimeoutSeconds: e.HEADERS_TIMEOUT_SECONDS,
      requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
      keepAliveTimeoutSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    auth: {
      enumerationProtection: e.AUTH_ENUMERATION_PROTECTION,
      maxFailedSignIns: e.AUTH_MAX_FAILED_SIGNINS,
      failedSignInWindowMinutes: e.AUTH_FAILED_SIGNIN_WINDOW_MINUTES,
      signInPerIpPerMinute: e.AUTH_SIGNIN_PER_IP_PER_MINUTE,
      signUpPerIpPerHour: e.AUTH_SIGNUP_PER_IP_PER_HOUR,
      forgotPasswordPerIpPerMinute: e.AUTH_FORGOT_PASSWORD_PER_IP_PER_MINUTE,
    },
    chat: {
      socketsPerAddress: e.CHAT_SOCKETS_PER_ADDRESS,
      upgradesPerAddressPerMinute: e.CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    newAccountHours: e.NEW_ACCOUNT_HOURS,
    writeLimits: writeLimitsFrom(e),
    moderation: {
      adminEmails: e.ADMIN_EMAILS ?? [],
      autoHideThreshold: e.REPORTS_AUTO_HIDE_THRESHOLD,
    },
    notifications: {
      mailDelaySeconds: e.NOTIFICATION_MAIL_DELAY_SECONDS,
      mailDailyCap: e.NOTIFICATION_MAIL_DAILY_CAP,
    },
    mail: { smtpUrl: e.SMTP_URL, from: mailFromAddress },
    push: pushConfig(e, mailFromAddress),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    map: { tileUrl: e.MAP_TILE_URL, tileAttribution: e.MAP_TILE_ATTRIBUTION },
    sitemapPageSize: SITEMAP_PAGE_SIZE,
  };
}

/** The configuration, or (when it is invalid) its one-line message on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
