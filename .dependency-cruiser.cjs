/**
 * Folder boundaries (docs/architecture.md, "Rules the linter enforces"). Run by `npm run check`.
 * Parsed with swc: dependency-cruiser cannot use TypeScript 7's compiler (no JavaScript API yet).
 */
const commonServer = "^src/server/(http|db)/";
const commonWeb = "^src/web/(ui|api)/";
const testFile = "\\.test\\.tsx?$";

module.exports = {
  forbidden: [
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
