import { describe, expect, it } from "vitest";
import { z } from "zod";
import { memoizedSerializerCompiler } from "./serializer.ts";

const schema = z.object({ title: z.string() });
const compile = () =>
  memoizedSerializerCompiler({ schema, method: "GET", url: "/t", httpStatus: "200" });

describe("memoized response serializer", () => {
  it("writes the JSON of one object once, and reuses it for that same object", () => {
    const serialize = compile();
    const answer = { title: "first", internal: "not in the schema" };
    expect(serialize(answer)).toBe('{"title":"first"}');
    answer.title = "changed";
    expect(serialize(answer)).toBe('{"title":"first"}');
    expect(serialize({ title: "changed" })).toBe('{"title":"changed"}');
  });

  it("still refuses what the schema does not allow", () => {
    expect(() => compile()({ title: 42 })).toThrow();
  });
});
