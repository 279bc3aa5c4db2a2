/**
 * Folder boundaries (docs/architecture.md, "Rules the linter enforces"). Run by `npm run check`.
 * Parsed with swc: dependency-cruiser cannot use TypeScript 7's compiler (no JavaScript API yet).
 */
const commonServer = "^src/server/(http|db)/";
const commonWeb = "^src/web/(ui|api)/";
const testFile = "\\.test\\.tsx?$";
// Node 24 loads TypeScript (type stripping, require of an ES module).
const {
  allowedFor,
  features,
  platform,
  tablesFor,
} = require("./src/server/feature-dependencies.ts");

/** One rule per feature: it uses only the features its entry in feature-dependencies.ts lists. */
const featureRules = Object.keys(features).map((feature) => ({
  name: `feature-uses-only-declared/${feature}`,
  comment: `${feature} uses only ${allowedFor(feature).join(", ")} (src/server/feature-dependencies.ts; docs/architecture.md, "Who uses whom").`,
  severity: "error",
  from: { path: `^src/server/${feature}/`, pathNot: testFile },
  to: { path: "^src/server/[^/]+/", pathNot: `^src/server/(${allowedFor(feature).join("|")})/` },
}));

/** One rule per platform part (db, http, …): it uses no feature, only the parts it lists. */
const platformRules = Object.entries(platform).map(([part, { uses }]) => ({
  name: `platform-uses-no-feature/${part}`,
  comment: `${part} is used by every feature, so it uses none (only ${uses.join(", ") || "no other part"}).`,
  severity: "error",
  from: { path: `^src/server/${part}/`, pathNot: testFile },
  to: { path: "^src/server/[^/]+/", pathNot: `^src/server/(${[part, ...uses].join("|")})/` },
}));

/** One rule per feature: it imports only its own table file, plus the named exceptions. */
const tableRules = Object.keys(features).map((feature) => ({
  name: `feature-uses-only-its-own-tables/${feature}`,
  comment: `${feature} imports only db/tables/{${tablesFor(feature).join(",")}}.ts; others' data through their index.ts (foreignTables in src/server/feature-dependencies.ts).`,
  severity: "error",
  from: { path: `^src/server/${feature}/`, pathNot: testFile },
  to: {
    path: "^src/server/db/tables/",
    pathNot: `^src/server/db/tables/(${tablesFor(feature).join("|")})\\.ts$`,
  },
}));

module.exports = {
  forbidden: [
    ...featureRules,
    ...platformRules,
    ...tableRules,
    {
      name: "features-import-no-schema-barrel",
      comment:
        "db/schema.ts re-exports every table for Drizzle, tests and tools; a feature imports its own db/tables/<feature>.ts.",
      severity: "error",
      from: { path: "^src/server/", pathNot: ["^src/server/db/", testFile] },
      to: { path: "^src/server/db/schema\\.ts$" },
    },
    {
      name: "no-folder-cycles",
      comment: "Two folders that import each other, directly or through others, are one folder.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-through-its-public-module",
      comment:
        "A feature uses another feature only through that feature's index.ts; shared, http, db, ui and api are free to use.",
      severity: "error",
      from: { path: "^src/(server|web)/([^/]+)/", pathNot: testFile },
      to: {
        path: "^src/$1/[^/]+/",
        pathNot: ["^src/$1/$2/", "^src/$1/[^/]+/index\\.tsx?$", commonServer, commonWeb],
      },
    },
    {
      name: "composition-through-public-modules",
      comment:
        "The files at the root of src/server (app.ts, main.ts, …) use a feature only through its index.ts. Exception: config.ts and config-docs.ts read the write-limit rules (pure data), which limits/index.ts would bring with its SQL.",
      severity: "error",
      from: { path: "^src/server/[^/]+\\.ts$", pathNot: testFile },
      to: {
        path: "^src/server/[^/]+/",
        pathNot: [
          "^src/server/[^/]+/index\\.ts$",
          commonServer,
          "^src/server/limits/write-limit-rules\\.ts$",
        ],
      },
    },
    {
      name: "ui-imports-no-feature",
      comment: "src/web/ui holds components every feature may use, so it can use none of them.",
      severity: "error",
      from: { path: "^src/web/ui/" },
      to: { path: "^src/web/[^/]+/", pathNot: commonWeb },
    },
    {
      name: "shipped-code-imports-no-test-code",
      comment: "Test helpers live in test/ (the harness); the shipped tree never imports them.",
      severity: "error",
      from: { path: "^src/", pathNot: testFile },
      to: { path: ["^test/", "^e2e/", "^bench/"] },
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^dist/", testFile] },
  },
};
