import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { memoizedSerializerCompiler, reuseAnsweredJson } from "./serializer.ts";

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

describe("reusing answered JSON is per route", () => {
  it("applies to the routes that opt in, not to the others", async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(serializerCompiler);
    const answer = { title: "first" };
    const options = { schema: { response: { 200: schema } } };
    app.get("/opted-in", { ...reuseAnsweredJson, ...options }, async () => answer);
    app.get("/plain", options, async () => answer);
    try {
      const read = async (url: string) => (await app.inject({ method: "GET", url })).body;
      expect([await read("/opted-in"), await read("/plain")]).toEqual([
        '{"title":"first"}',
        '{"title":"first"}',
      ]);
      answer.title = "changed";
      expect(await read("/opted-in")).toBe('{"title":"first"}');
      expect(await read("/plain")).toBe('{"title":"changed"}');
    } finally {
      await app.close();
    }
  });
});
