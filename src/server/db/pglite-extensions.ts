import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/**
 * The contrib extensions migration 0005 creates (search and areas, decision 012). PGlite loads an
 * extension's library only when its constructor names it, so every PGlite we open passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, cube, earthdistance };
