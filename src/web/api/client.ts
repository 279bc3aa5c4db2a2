import type { ApiErrorBody } from "../../shared/api-error.ts";
import { SESSION_ACCOUNT_HEADER } from "../../shared/constants.ts";
import type { ClientErrorCode, ErrorCode } from "../../shared/error-codes.ts";
import {
  isOffline,
  noteReadAnswer,
  noteWriteDone,
  SERVED_FROM_CACHE_HEADER,
} from "../pwa/index.ts";

/** An API failure with the server's code, message and per-field messages (DESIGN §3). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly fields: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode | ClientErrorCode,
    message: string,
    fields: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Whether `error` is the server's refusal with `code`. */
export function isApiError(error: unknown, code: ErrorCode | ClientErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a Blob (a chosen file) is sent as it is, with its own type. */
  body?: unknown;
  signal?: AbortSignal;
};

/** The account this tab shows, and what to do when the server says the cookie is another's. */
let session: { account: () => string | null; changed: () => void } = {
  account: () => null,
  changed: () => {},
};

/**
 * Every write says which account this tab shows (issue 20): the server refuses it (409
 * session-changed) when another tab switched the cookie to another account, and `changed` is
 * called so the tab catches up. auth/use-session-follow.ts sets this.
 */
export function followSessionAccount(next: typeof session): void {
  session = next;
}

/** What a write made without a network says; the form keeps what was typed. */
export const OFFLINE_WRITE_MESSAGE =
  "You are offline — nothing was sent. Try again when you are back online.";

/**
 * The one way the web app calls the API: same origin, cookies included, errors as ApiError. A
 * write is not tried offline; a read may be answered by the service worker's cache (src/web/sw.ts),
 * which the offline banner is told about.
 */
export async function apiFetch<T>(
  path: string,
  { method = "GET", body, signal }: RequestOptions = {},
): Promise<T> {
  const write = method !== "GET";
  if (write && isOffline()) throw new ApiError(0, "offline", OFFLINE_WRITE_MESSAGE);
  const raw = body instanceof Blob;
  const headers: Record<string, string> =
    body === undefined ? {} : { "content-type": raw ? body.type : "application/json" };
  const account = method === "GET" ? null : session.account();
  if (account) headers[SESSION_ACCOUNT_HEADER] = account;
  const response = await send(`/api${path}`, {
    method,
    credentials: "same-origin",
    headers,
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    signal: signal ?? null,
  });
  const data = parsed(await response.text());
  if (!response.ok) throw failureOf(response.status, data);
  if (write) noteWriteDone(path);
  else noteReadAnswer(path, response.headers.get(SERVED_FROM_CACHE_HEADER));
  return data as T;
}

/** fetch, with a network failure as an ApiError (an abort stays an abort). */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(
      0,
      "network",
      "Cannot reach the server. Check your connection and try again.",
    );
  }
}

/** The body as JSON; null when empty or not JSON (a proxy's error page, say: the status decides). */
function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The ApiError for a failed answer; a session-changed one tells the tab to catch up first. */
function failureOf(status: number, data: unknown): ApiError {
  if (isApiErrorBody(data)) {
    const { code, message, fields } = data.error;
    if (code === "session-changed") session.changed();
    return new ApiError(status, code, message, fields);
  }
  return new ApiError(status, "unknown", `The server answered ${status}. Please try again.`);
}

// A hand check rather than the zod schema keeps zod out of the first page's JavaScript.
function isApiErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}
