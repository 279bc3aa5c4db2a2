// The server's Content-Security-Policy forbids eval. Building its first object schema, zod probes for
// eval (`new Function("")`), which the browser reports as a CSP violation even though zod catches it;
// `jitless` skips the probe. Set through the global zod reads its config from (zod/v4/core/core.js),
// so the first page need not load zod: main.tsx imports this first, before any schema module runs.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
