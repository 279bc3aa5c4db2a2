import { type SQL, sql } from "drizzle-orm";

/** `values` as a SQL text[] of parameters (Drizzle would spread a bare JS array as a list). */
export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
