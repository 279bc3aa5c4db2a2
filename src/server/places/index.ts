/**
 * What other features use of places: the routes, the gazetteer's lookups, the distance filter's
 * SQL and centre, and choosing and presenting the area of a profile or post.
 */
export { type AreaValues, areaOf, chosenArea, NO_AREA } from "./area-choice.ts";
export { type AreaFields, presentArea } from "./area-presenter.ts";
export {
  type AreaColumns,
  type Centre,
  closeTo,
  distanceCentre,
  distanceMeters,
  requestedCentre,
  withinKm,
} from "./distance.ts";
export { type GazetteerPlace, placeById, searchPlaces, warmGazetteer } from "./gazetteer.ts";
export { placesRoutes } from "./places-routes.ts";
