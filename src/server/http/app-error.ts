import type { ErrorCode } from "../../shared/error-codes.ts";

/** An error the API answers with its own status and code, in the shape of DESIGN §3. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, "invalid-input", message, fields ? { fields } : {});
export const unauthorized = (message = "Please sign in first.") =>
  new AppError(401, "not-signed-in", message);
export const forbidden = (message: string, code: ErrorCode = "forbidden") =>
  new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, "not-found", message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
/** A refusal that says, in Retry-After, how many seconds to wait before trying again. */
export const retryLater = (status: 429 | 503, code: ErrorCode, message: string, seconds: number) =>
  new AppError(status, code, message, { headers: { "Retry-After": String(seconds) } });

/** The factory of an answer that never varies: each call makes a fresh error (thrown where met). */
export const fixedError =
  (status: number, code: ErrorCode, message: string): (() => AppError) =>
  () =>
    new AppError(status, code, message);
