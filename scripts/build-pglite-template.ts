// `npm run build`: makes the embedded database's template (src/server/db/pglite-template-stamp.ts),
// so a first start on an empty data directory loads it instead of running initdb. A template made
// by this PGlite from every migration is kept as it is (the Vitest setup may have made it already).
import { buildPgliteTemplate } from "../src/server/db/pglite-template-build.ts";
import { PGLITE_TEMPLATE_DIR, templateIsCurrent } from "../src/server/db/pglite-template-stamp.ts";

if (templateIsCurrent(PGLITE_TEMPLATE_DIR)) {
  console.log(`The PGlite template in ${PGLITE_TEMPLATE_DIR} is up to date`);
} else {
  const began = performance.now();
  const stamp = await buildPgliteTemplate(PGLITE_TEMPLATE_DIR);
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  console.log(
    `PGlite ${stamp.pgliteVersion} template with ${stamp.migrations.length} migrations ` +
      `in ${PGLITE_TEMPLATE_DIR}, made in ${seconds} s`,
  );
}
