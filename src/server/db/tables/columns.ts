/** Column helpers the tables of several features share. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Set when its author last changed what they wrote (issue 19): pages show "edited"; null: never. */
export const editedAt = () => timestamp("edited_at", { withTimezone: true });

/** Binary data (the photos' bytes): Buffer in Node, bytea in both engines. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** PostgreSQL's full-text document type; filled by the database (generated columns), never by us. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * An optional area (issue 18): a place of the bundled gazetteer (GeoNames id, its name and country)
 * and that place's centre, copied from the gazetteer when chosen: never an address nor a point
 * anyone picked. All five are set or none (checked).
 */
export const areaColumns = () => ({
  areaId: integer("area_id"),
  areaName: text("area_name"),
  areaCountry: text("area_country"),
  areaLat: doublePrecision("area_lat"),
  areaLng: doublePrecision("area_lng"),
});

/** The area columns are all null or all set (and the centre on the globe). */
export function areaCheck(
  name: string,
  t: Record<"areaId" | "areaName" | "areaCountry" | "areaLat" | "areaLng", AnyPgColumn>,
) {
  return check(
    name,
    sql`(${t.areaId} is null and ${t.areaName} is null and ${t.areaCountry} is null and ${t.areaLat} is null and ${t.areaLng} is null) or (${t.areaId} is not null and ${t.areaName} is not null and ${t.areaCountry} is not null and ${t.areaLat} between -90 and 90 and ${t.areaLng} between -180 and 180)`,
  );
}

/** A table's own key: a number the database counts up (identity column). */
export const identityId = () =>
  bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity();

/** Set when a moderator (or enough reports) hid it: only its author and moderators see it. */
export const hiddenAt = () => timestamp("hidden_at", { withTimezone: true });

/** The index of the hidden rows only (the moderation pages list them). */
export const hiddenIndex = (name: string, column: AnyPgColumn) =>
  index(name).on(column).where(sql`${column} is not null`);
