import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createSignedInUser, type TestUser } from "./factories.ts";
import { as } from "./review-calls.ts";

export type CallMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A test file's members and its requests as one of them (none: signed out), on the app `t`
 * holds: `call(user, method, url, payload?, headers?)`.
 */
export function memberCalls(t: { readonly app: FastifyInstance }) {
  return {
    member: () => createSignedInUser(t.app),
    call: (
      user: TestUser | undefined,
      method: CallMethod,
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ): Promise<LightMyRequestResponse> =>
      t.app.inject({
        method,
        url,
        headers: { ...as(user), ...headers },
        ...(payload ? { payload } : {}),
      }),
  };
}
