import { badRequest } from "../http/app-error.ts";
import { placeById } from "./gazetteer.ts";

/** The area columns of a row (schema.ts areaColumns) as written: all set, or all null. */
export type AreaValues = {
  areaId: number | null;
  areaName: string | null;
  areaCountry: string | null;
  areaLat: number | null;
  areaLng: number | null;
};

export const NO_AREA: AreaValues = {
  areaId: null,
  areaName: null,
  areaCountry: null,
  areaLat: null,
  areaLng: null,
};

/**
 * What to store for a chosen `area_id`: the gazetteer place's name, country and centre (null: no
 * area). An id the gazetteer lacks is a 400 on `area_id`, before anything is written.
 */
export function chosenArea(areaId: number | null): AreaValues {
  if (areaId === null) return NO_AREA;
  const place = placeById(areaId);
  if (!place) {
    throw badRequest("That place is not in our list of towns. Choose one from the list.", {
      area_id: "is not a known place",
    });
  }
  return {
    areaId: place.id,
    areaName: place.name,
    areaCountry: place.country,
    areaLat: place.lat,
    areaLng: place.lng,
  };
}

/** A row's area, copied as it is (a new post takes its author's area). */
export function areaOf(row: AreaValues): AreaValues {
  const { areaId, areaName, areaCountry, areaLat, areaLng } = row;
  return { areaId, areaName, areaCountry, areaLat, areaLng };
}
