import { describe, expect, it } from "vitest";
import { createReadCache } from "./read-cache.ts";

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("read cache", () => {
  it("serves a value until it is ttlMs old, then loads it again", async () => {
    const time = clock();
    const cache = createReadCache<string, number>({ ttlMs: 100, maxEntries: 10, now: time.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    time.advance(99);
    expect(await cache.get("k", load)).toBe(1);
    time.advance(1);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("shares one load between callers who ask while it runs", async () => {
    const cache = createReadCache<string, string>({ ttlMs: 1_000, maxEntries: 10 });
    let loads = 0;
    let finish = (_: string) => {};
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([cache.get("k", load), cache.get("k", load)]);
    finish("value");
    expect(await both).toEqual(["value", "value"]);
    expect(loads).toBe(1);
  });

  it("keeps neither failures nor nulls", async () => {
    const cache = createReadCache<string, string | null>({ ttlMs: 1_000, maxEntries: 10 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => null)).toBeNull();
    expect(await cache.get("k", async () => "found")).toBe("found");
    expect(await cache.get("k", async () => "again")).toBe("found");
  });

  it("forgets everything on clear, and the oldest entry beyond maxEntries", async () => {
    const cache = createReadCache<number, number>({ ttlMs: 1_000, maxEntries: 2 });
    for (const key of [1, 2, 3]) await cache.get(key, async () => key);
    expect(await cache.get(1, async () => -1)).toBe(-1);
    expect(await cache.get(3, async () => -3)).toBe(3);
    cache.clear();
    expect(await cache.get(3, async () => -3)).toBe(-3);
  });

  it("does not let a load that started before clear come back as cached", async () => {
    const cache = createReadCache<string, string>({ ttlMs: 1_000, maxEntries: 10 });
    let finish = (_: string) => {};
    const stale = cache.get("k", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish("before the write");
    await stale;
    expect(await cache.get("k", async () => "after the write")).toBe("after the write");
  });

  it("forgets one key on delete, even while it loads, and keeps the others", async () => {
    const cache = createReadCache<string, string>({ ttlMs: 1_000, maxEntries: 10 });
    await cache.get("other", async () => "kept");
    let finish = (_: string) => {};
    const stale = cache.get("k", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.delete("k");
    finish("before the write");
    await stale;
    expect(await cache.get("k", async () => "after the write")).toBe("after the write");
    expect(await cache.get("other", async () => "reloaded")).toBe("kept");
  });
});
