import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";

/**
 * The zod response serializer, remembering the JSON of each object it has written: a handler that
 * answers the very same object again (a cached feed page, see posts/post-cache.ts) costs no second
 * encoding, which was a fifth of such a request. Only for routes that opt in (reuseAnsweredJson),
 * and only when an answered object is never changed afterwards (a cache builds a new object
 * instead). The app's default is the plain zod serializer.
 */
export const memoizedSerializerCompiler: typeof serializerCompiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== "object" || data === null) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};

/** Spread into a route's options to opt it in: `{ ...reuseAnsweredJson, schema: … }`. */
export const reuseAnsweredJson = {
  // Fastify types a route's compiler by the whole route schema; it is called per response schema.
  serializerCompiler: memoizedSerializerCompiler as FastifySerializerCompiler<unknown>,
};
