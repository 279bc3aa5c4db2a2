import type { Area } from "../../shared/places.ts";

/** A row's area columns (schema.ts areaColumns) as read; the centre is never read for answers. */
export type AreaFields = {
  areaId: number | null;
  areaName: string | null;
  areaCountry: string | null;
};

/** The area as answers carry it (id, name, country: never the centre), or null when none is set. */
export function presentArea(row: AreaFields): Area | null {
  if (row.areaId === null || row.areaName === null || row.areaCountry === null) return null;
  return { id: row.areaId, name: row.areaName, country: row.areaCountry };
}
