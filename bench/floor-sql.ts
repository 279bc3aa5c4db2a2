/**
 * The app's own SQL for the floor and peer servers (bench/floor-server.ts,
 * bench/peer-express-server.ts): the text of a Drizzle builder the server exports (`.toSQL()`), its
 * placeholders in order and the path of each selected column, so a row read as an array is mapped
 * back to the object the app's code sees. Where the server exports no builder, the statements are
 * captured from the repository function itself through Drizzle's logger (captureStatements).
 */
import { Column, getTableColumns, is, SQL, Subquery, Table } from "drizzle-orm";
import { PLAN_EACH_TIME } from "../src/server/db/pglite-prepared.ts";

/** A parameter: a placeholder's name, or a value the builder put in the text itself. */
export type Param = { placeholder: string } | { value: unknown };

export type Statement = {
  /** The prepared statement's name, as the app prepares it; null: sent unnamed, as the app does. */
  name: string | null;
  text: string;
  params: Param[];
  /** The path of each column of a row read as an array (["session", "lastUsedAt"]). */
  columns: string[][];
};

type Builder = {
  toSQL(): { sql: string; params: unknown[] };
  /** A select's fields as given (its getSelectedFields() is a proxy that refuses raw SQL). */
  _?: { selectedFields?: Record<string, unknown> };
};

/** Drizzle's own order of selected fields (utils.js orderSelectedFields), as paths. */
export function columnPaths(fields: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const path = [...prefix, name];
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased) || is(field, Subquery)) {
      return [path];
    }
    if (is(field, Table)) {
      return columnPaths(getTableColumns(field), path);
    }
    return columnPaths(field as Record<string, unknown>, path);
  });
}

function isPlaceholder(value: unknown): value is { name: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    value.constructor?.name === "Placeholder" &&
    typeof (value as { name?: unknown }).name === "string"
  );
}

/** A builder's statement; `name` as the app prepares it (null when the app does not). */
export function statementOf(builder: Builder, name: string | null): Statement {
  const { sql, params } = builder.toSQL();
  return {
    name: sql.includes(PLAN_EACH_TIME) ? null : name,
    text: sql,
    params: params.map((param) =>
      isPlaceholder(param) ? { placeholder: param.name } : { value: param },
    ),
    columns: builder._?.selectedFields ? columnPaths(builder._.selectedFields) : [],
  };
}

/** The statement's parameter values: each placeholder from `values`, the rest as built. */
export function bind(statement: Statement, values: Record<string, unknown>): unknown[] {
  return statement.params.map((param) => {
    if ("value" in param) return param.value;
    const value = values[param.placeholder];
    if (value === undefined) throw new Error(`no value for placeholder ${param.placeholder}`);
    return value;
  });
}

/** A row read as an array, as the object the app's code sees (nested as its select was). */
export function rowObject(statement: Statement, row: unknown[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  statement.columns.forEach((path, i) => {
    let target = object;
    for (const key of path.slice(0, -1)) {
      target[key] ??= {};
      target = target[key] as Record<string, unknown>;
    }
    target[path.at(-1) ?? ""] = row[i];
  });
  return object;
}

/** One statement as Drizzle's logger saw it: its text and parameter values. */
export type Captured = { text: string; params: unknown[] };

/** A Drizzle logger that keeps every statement; what `capture` hands out. */
export function capturingLogger(): {
  logger: { logQuery(text: string, params: unknown[]): void };
  captured: Captured[];
} {
  const captured: Captured[] = [];
  return {
    captured,
    logger: {
      logQuery(text, params) {
        if (!/^(begin|commit|rollback)\b/i.test(text.trim())) captured.push({ text, params });
      },
    },
  };
}

/**
 * A captured statement as a template: each parameter equal to one of `inputs`' values (chosen
 * unique at capture) becomes that input's placeholder; the others stay as they were.
 */
export function templateOf(
  { text, params }: Captured,
  inputs: Record<string, unknown>,
  name: string | null = null,
): Statement {
  const byValue = new Map(Object.entries(inputs).map(([key, value]) => [value, key]));
  return {
    name: text.includes(PLAN_EACH_TIME) ? null : name,
    text,
    params: params.map((value) => {
      const placeholder = byValue.get(value);
      return placeholder === undefined ? { value } : { placeholder };
    }),
    columns: [],
  };
}
