import { expect } from "vitest";
import type { ServerProcess } from "../harness/server-process.ts";

/** What every request answers while storage is unreachable (http/error-handler.ts). */
export const STORAGE_DOWN = {
  error: {
    code: "storage-unavailable",
    message: "The service is briefly unavailable. Please try again in a few seconds.",
  },
};

export type Answer = { status: number; retryAfter: string | null; json: unknown; ms: number };

/** A JSON request to a server process; if the process is gone, the error says what it printed. */
export function caller(server: ServerProcess) {
  return async (method: string, path: string, cookie?: string, body?: unknown): Promise<Answer> => {
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new Error(
        `${method} ${path} failed (server exit code ${server.child.exitCode}): ${server.stderr()}`,
        { cause: error },
      );
    }
    const text = await res.text();
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      json: text ? JSON.parse(text) : null,
      ms: Math.round(performance.now() - started),
    };
  };
}

export function expectStorageDown(answer: Answer, what = "") {
  expect(answer.status, `${what} answered ${answer.status} after ${answer.ms} ms`).toBe(503);
  expect(answer.retryAfter).toBe("5");
  expect(answer.json).toEqual(STORAGE_DOWN);
}

/** Polls `check` until it holds; resolves to how long that took. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not true within ${timeoutMs} ms`);
}
