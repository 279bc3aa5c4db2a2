import { areaLabel, distanceText } from "../../shared/place-texts.ts";
import "./area-text.css";
import type { Area } from "../../shared/places.ts";

/**
 * Where a post or a member is: the town ("Cambridge, GB") and, when the answer had a centre, the
 * rounded distance ("~10 km"), read out as "about 10 km away". Nothing when there is no area.
 */
export function AreaText({
  area,
  distanceKm,
  className = "area-text",
}: {
  area: Area | null;
  distanceKm?: number | undefined;
  className?: string;
}) {
  if (!area) return null;
  return (
    <span className={className}>
      <span className="visually-hidden">Area: </span>
      {areaLabel(area)}
      {distanceKm !== undefined && (
        <>
          {" · "}
          <span aria-hidden="true">{distanceText(distanceKm)}</span>
          <span className="visually-hidden">about {distanceKm} km away</span>
        </>
      )}
    </span>
  );
}
