import path from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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
};

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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ""),
    webDir: path.resolve(e.WEB_DIR ?? path.join(import.meta.dirname, "../../dist/web")),
  };
}
