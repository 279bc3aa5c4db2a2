import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** An answer of `status` in the one error shape, with exactly `code` and `message`. */
export function expectErrorAnswer(
  res: Pick<LightMyRequestResponse, "statusCode" | "body" | "json">,
  status: number,
  code: string,
  message: string,
): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toEqual({ code, message });
}
