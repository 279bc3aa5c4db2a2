import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_ACCOUNT_HEADER } from "../../shared/constants.ts";
import { ApiError, apiFetch, followSessionAccount, isApiError } from "./client.ts";

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: () => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

/** The ApiError `promise` fails with. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

let changed: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  calls = [];
  answer = () => json(200, { ok: true });
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(answer());
  });
  changed = vi.fn<() => void>();
  followSessionAccount({ account: () => "acc-1", changed });
});
afterEach(() => {
  vi.unstubAllGlobals();
  followSessionAccount({ account: () => null, changed: () => {} });
});

describe("apiFetch", () => {
  it("reads /api on this origin with the cookies, and answers the parsed JSON", async () => {
    answer = () => json(200, { posts: [1, 2] });
    await expect(apiFetch("/articles?page=2")).resolves.toEqual({ posts: [1, 2] });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/api/articles?page=2");
    expect(calls[0]?.init).toMatchObject({ method: "GET", credentials: "same-origin" });
    expect(calls[0]?.init.body).toBeUndefined();
    // A read says nothing about the account, and has no body to type.
    expect(headersOf(calls[0])).toEqual({});
  });

  it("sends a write's body as JSON, saying which account this tab shows", async () => {
    await apiFetch("/articles", { method: "POST", body: { title: "Piano lessons" } });
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe(JSON.stringify({ title: "Piano lessons" }));
    expect(headersOf(calls[0])).toEqual({
      "content-type": "application/json",
      [SESSION_ACCOUNT_HEADER]: "acc-1",
    });
  });

  it("sends a write without a body without a content type, and a signed-out tab's without the account", async () => {
    followSessionAccount({ account: () => null, changed });
    await apiFetch("/articles/7/filled", { method: "DELETE" });
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0])).toEqual({});
  });

  it("sends a chosen file as it is, with its own type", async () => {
    const photo = new Blob(["png bytes"], { type: "image/png" });
    await apiFetch("/profiles/me/photo", { method: "PUT", body: photo });
    expect(calls[0]?.init.body).toBe(photo);
    expect(headersOf(calls[0])["content-type"]).toBe("image/png");
  });

  it("answers null for an empty answer (204)", async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(apiFetch("/articles/7", { method: "DELETE" })).resolves.toBeNull();
  });

  it("turns the server's error shape into an ApiError with its status, code, message and fields", async () => {
    answer = () =>
      json(400, {
        error: {
          code: "invalid-input",
          message: "Check the highlighted fields.",
          fields: { title: "Give your post a title." },
        },
      });
    const error = await failure(apiFetch("/articles", { method: "POST", body: {} }));
    expect(error).toMatchObject({
      status: 400,
      code: "invalid-input",
      message: "Check the highlighted fields.",
      fields: { title: "Give your post a title." },
    });
    expect(isApiError(error, "invalid-input")).toBe(true);
    expect(isApiError(error, "not-found")).toBe(false);
    expect(changed).not.toHaveBeenCalled();
  });

  it("gives an error without fields an empty set of them", async () => {
    answer = () => json(404, { error: { code: "not-found", message: "No such post." } });
    const error = await failure(apiFetch("/articles/999"));
    expect(error.fields).toEqual({});
    expect(isApiError(error, "not-found")).toBe(true);
  });

  it("tells the tab when the server says the cookie is another account's (409 session-changed)", async () => {
    answer = () =>
      json(409, { error: { code: "session-changed", message: "You signed in as someone else." } });
    const error = await failure(apiFetch("/articles", { method: "POST", body: {} }));
    expect(error.code).toBe("session-changed");
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("says the status when the answer is not our error shape (a proxy's page, say)", async () => {
    answer = () => new Response("<html>Bad gateway</html>", { status: 502 });
    const error = await failure(apiFetch("/articles"));
    expect(error).toMatchObject({
      status: 502,
      code: "unknown",
      message: "The server answered 502. Please try again.",
    });
  });

  it("says the server cannot be reached when the request fails on the way", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const error = await failure(apiFetch("/articles"));
    expect(error).toMatchObject({ status: 0, code: "network" });
    expect(error.message).toBe("Cannot reach the server. Check your connection and try again.");
  });

  it("lets an abort through as it is, with the signal passed to fetch", async () => {
    const controller = new AbortController();
    const abort = new DOMException("The operation was aborted.", "AbortError");
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      expect(init.signal).toBe(controller.signal);
      return Promise.reject(abort);
    });
    await expect(apiFetch("/search/posts?q=piano", { signal: controller.signal })).rejects.toBe(
      abort,
    );
  });
});
