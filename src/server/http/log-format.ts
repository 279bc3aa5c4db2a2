import type { Config } from "../config.ts";
import type { LogStream } from "./log-stream.ts";

export type LogFormat = "json" | "pretty";

/**
 * LOG_FORMAT when set; otherwise JSON in production, and JSON whenever standard output is not a
 * terminal (a pipe, a file, a container's log collector, a test reading the lines): machines read
 * those. Only a person watching a terminal outside production gets the readable lines.
 */
export function chosenLogFormat(
  config: Pick<Config, "logFormat" | "nodeEnv">,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): LogFormat {
  if (config.logFormat) return config.logFormat;
  return config.nodeEnv !== "production" && stdoutIsTerminal ? "pretty" : "json";
}

type Colours = { [name in "bold" | "gray" | "green" | "cyan" | "yellow" | "red"]: Paint };
type Paint = (text: string) => string;

function statusColour(status: number, colours: Colours): Paint {
  if (status >= 500) return colours.red;
  if (status >= 400) return colours.yellow;
  if (status >= 300) return colours.cyan;
  return colours.green;
}

/**
 * The message part of a readable line: a request's line is `GET /api/articles 200 3.1 ms req-7`
 * (method, URL, status coloured by its class, time), any other line its message and request id.
 */
export function readableMessage(
  log: Record<string, unknown>,
  messageKey: string,
  colours: Colours,
): string {
  const id = typeof log.reqId === "string" ? ` ${colours.gray(log.reqId)}` : "";
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  if (!req?.method || !res || typeof log.responseTime !== "number") {
    return `${String(log[messageKey] ?? "")}${id}`;
  }
  const status = res.statusCode ?? 0;
  const paint = statusColour(status, colours);
  const time = colours.gray(`${log.responseTime.toFixed(1)} ms`);
  return `${colours.bold(req.method)} ${req.url ?? ""} ${paint(String(status))} ${time}${id}`;
}

/**
 * Readable log lines on standard output (pino-pretty, in this process: no worker thread), coloured
 * when the terminal supports it (NO_COLOR and FORCE_COLOR are obeyed). Undefined when pino-pretty is
 * not installed (a production install leaves out development tools): then the log stays JSON.
 */
export async function prettyLogStream(): Promise<LogStream | undefined> {
  let pretty: typeof import("pino-pretty");
  try {
    pretty = (await import("pino-pretty")).default;
  } catch {
    process.stderr.write(
      "LOG_FORMAT=pretty needs pino-pretty (a development tool): logging JSON.\n",
    );
    return undefined;
  }
  const stream = pretty({
    destination: 1,
    sync: true,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    messageFormat: (log, messageKey, _level, { colors }) =>
      readableMessage(log, messageKey, colors),
  });
  return { write: (line) => stream.write(line), flush: () => {} };
}
