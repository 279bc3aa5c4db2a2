/** An error the API answers with its own status and code, in the shape of DESIGN §3. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
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
export const forbidden = (message: string, code = "forbidden") => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, "not-found", message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
