import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./position-cursor.ts";

describe("position cursor", () => {
  it("round-trips a position with microseconds", () => {
    const position = { createdAt: "2026-11-22T10:11:12.345678Z", id: 42 };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    ["empty", ""],
    ["not base64url", "abc$%"],
    ["no separator", Buffer.from("2026-11-22T10:11:12.345678Z").toString("base64url")],
    ["a third part", Buffer.from("2026-11-22T10:11:12.345678Z|1|2").toString("base64url")],
    ["milliseconds only", Buffer.from("2026-11-22T10:11:12.345Z|1").toString("base64url")],
    ["no time zone", Buffer.from("2026-11-22T10:11:12.345678|1").toString("base64url")],
    ["30 February", Buffer.from("2026-02-30T10:11:12.345678Z|1").toString("base64url")],
    ["hour 24", Buffer.from("2026-02-10T24:11:12.345678Z|1").toString("base64url")],
    ["year 0", Buffer.from("0000-01-01T00:00:00.000000Z|1").toString("base64url")],
    ["id 0", Buffer.from("2026-11-22T10:11:12.345678Z|0").toString("base64url")],
    ["negative id", Buffer.from("2026-11-22T10:11:12.345678Z|-3").toString("base64url")],
    [
      "id past safe integers",
      Buffer.from("2026-11-22T10:11:12.345678Z|9007199254740993").toString("base64url"),
    ],
    ["SQL in the id", Buffer.from("2026-11-22T10:11:12.345678Z|1 or 1=1").toString("base64url")],
  ])("rejects %s", (_name, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
