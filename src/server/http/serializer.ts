import { serializerCompiler } from "fastify-type-provider-zod";

/**
 * The zod response serializer, remembering the JSON of each object it has written: a handler that
 * answers the very same object again (a cached feed page, see posts-routes.ts) costs no second
 * encoding, which was a fifth of such a request. Objects are never changed once answered.
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
