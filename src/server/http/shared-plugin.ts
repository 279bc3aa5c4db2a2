import type { FastifyInstance } from "fastify";

/**
 * A plugin whose decorations and hooks belong to the instance that registers it, not to a context
 * of its own (what the fastify-plugin package does, without the dependency): a feature decorates
 * the app with what it owns, and the routes registered after it use it.
 */
export function sharedPlugin<Plugin extends (app: FastifyInstance) => Promise<void>>(
  plugin: Plugin,
): Plugin {
  Object.assign(plugin, { [Symbol.for("skip-override")]: true });
  return plugin;
}
