import { afterEach, vi } from "vitest";
import type { ClientErrorCode, ErrorCode } from "../../../src/shared/error-codes.ts";

// The server as the web app's Testing Library tests see it; the real fetch is back after each test.
afterEach(() => {
  vi.unstubAllGlobals();
});

export type ApiRequest = { method: string; path: string; body: unknown };
export type ApiAnswer = { status: number; body?: unknown };
export type ApiHandler = (request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>;

/**
 * Stands in for the server: `answer` gives the reply to each request the app sends through
 * api/client.ts, which are kept in the returned list, in order.
 */
export function stubApi(answer: ApiHandler) {
  const requests: ApiRequest[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const request = {
      method: init.method ?? "GET",
      path: url.replace(/^\/api/, ""),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const { status, body } = await answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  return requests;
}

/** `answer`, but GET /auth/mail-status says whether the server sends mail (`available`). */
export function withMailStatus(available: boolean, answer: ApiHandler): ApiHandler {
  return (request) =>
    request.path === "/auth/mail-status" ? { status: 200, body: { available } } : answer(request);
}

/** The server's refusal in the one error shape (src/shared/api-error.ts). */
export function apiError(
  status: number,
  code: ErrorCode | ClientErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiAnswer {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

/** An answer that arrives when the test says so: for what the page does while it waits. */
export function later(answer: ApiAnswer) {
  let send = () => {};
  const reply = new Promise<ApiAnswer>((resolve) => {
    send = () => resolve(answer);
  });
  return { reply, send };
}
