import path from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

const onOff = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "on", "off", "yes", "no"], {
      error: "must be true or false",
    })
    .transform((value) => ["true", "1", "on", "yes"].includes(value))
    .default(fallback);

/** https only, except for a provider on this machine (the tests' local OpenID Connect provider). */
const isAllowedIssuer = (value: string) => {
  const url = new URL(value);
  return (
    url.protocol === "https:" ||
    (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname))
  );
};

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default("info"),
  /** Public origin of the app (e.g. https://talents.example). Defaults to the request's own origin. */
  PUBLIC_ORIGIN: z.url({ error: "must be a URL such as https://talents.example" }).optional(),
  /** Folder of the built web app; defaults to dist/web of this checkout. */
  WEB_DIR: z.string().min(1).optional(),
  /** On only behind a reverse proxy: then X-Forwarded-For/-Proto name the client's address and scheme. */
  TRUST_PROXY: onOff(false),
  /** On: every failed sign-in answers invalid-credential; off: user-not-found / wrong-password. */
  AUTH_ENUMERATION_PROTECTION: onOff(true),
  AUTH_MAX_FAILED_SIGNINS: positiveInt(5),
  AUTH_FAILED_SIGNIN_WINDOW_MINUTES: positiveInt(15),
  AUTH_SIGNIN_PER_IP_PER_MINUTE: positiveInt(10),
  AUTH_SIGNUP_PER_IP_PER_HOUR: positiveInt(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ error: "must be a URL such as https://accounts.google.com" })
    .refine(isAllowedIssuer, "must be an https:// URL (http:// only for localhost)")
    .default("https://accounts.google.com"),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  nodeEnv: "development" | "production" | "test";
  logLevel: (typeof LOG_LEVELS)[number];
  publicOrigin: string | undefined;
  /** Folder of the built SPA; absent in API-only tests. */
  webDir: string | undefined;
  trustProxy: boolean;
  auth: AuthConfig;
  /** Google sign-in; undefined unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
  google: GoogleConfig | undefined;
};

export type AuthConfig = {
  enumerationProtection: boolean;
  /** Failed sign-ins allowed per account within the window, counted in the database. */
  maxFailedSignIns: number;
  failedSignInWindowMinutes: number;
  /** Per-IP limits, counted in memory by each instance. */
  signInPerIpPerMinute: number;
  signUpPerIpPerHour: number;
};

export type GoogleConfig = { clientId: string; clientSecret: string; discoveryUrl: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const value = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(value)} ${issue?.message ?? "is invalid"}.`,
    );
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    const [missing, present] = e.GOOGLE_CLIENT_ID
      ? ["GOOGLE_CLIENT_SECRET", "GOOGLE_CLIENT_ID"]
      : ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"];
    throw new ConfigError(
      `Invalid configuration: ${missing}=${JSON.stringify(env[missing])} must be set together with ${present}.`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ""),
    webDir: path.resolve(e.WEB_DIR ?? path.join(import.meta.dirname, "../../dist/web")),
    trustProxy: e.TRUST_PROXY,
    auth: {
      enumerationProtection: e.AUTH_ENUMERATION_PROTECTION,
      maxFailedSignIns: e.AUTH_MAX_FAILED_SIGNINS,
      failedSignInWindowMinutes: e.AUTH_FAILED_SIGNIN_WINDOW_MINUTES,
      signInPerIpPerMinute: e.AUTH_SIGNIN_PER_IP_PER_MINUTE,
      signUpPerIpPerHour: e.AUTH_SIGNUP_PER_IP_PER_HOUR,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
  };
}
