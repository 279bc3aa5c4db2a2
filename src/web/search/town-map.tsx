import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useRef } from "react";
import type { TownCount, TownMapResponse } from "../../shared/town-map.ts";
import { type CountedGroups, countIn, countText } from "./town-counts-text.ts";
import "./town-map.css";

/** With no town to show: a wide view (the zoom of a country). */
const WHOLE_REGION = { centre: [54, -2] as L.LatLngTuple, zoom: 5 };
/** Around the towns, never closer than a town's own streets. */
const FIT: L.FitBoundsOptions = { maxZoom: 11, padding: [40, 40] };

/** Leaflet renders attributions as markup: the configured text is made plain text first. */
function asText(text: string): string {
  const element = document.createElement("span");
  element.textContent = text;
  return element.innerHTML;
}

/** A town's marker: its count in a circle, named for screen readers and on hover. */
function markerOf(town: TownCount, groups: CountedGroups): L.Marker {
  const count = countIn(town, groups);
  const label = `${town.name}: ${countText(town, groups)}`;
  const icon = L.divIcon({
    className: "town-marker",
    html: `<span aria-hidden="true">${count}</span>`,
    iconSize: [36, 36],
  });
  return L.marker(town.position, { icon, title: label, alt: label, keyboard: true });
}

/**
 * The map of a search's results (issue 33): raster tiles from the configured server, one marker
 * per town, fitted to them. Loaded on its own (Leaflet is ~40 KB), only when opened.
 */
export function TownMap({
  towns,
  groups,
  tiles,
}: {
  towns: TownCount[];
  groups: CountedGroups;
  tiles: TownMapResponse["tiles"];
}) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const fit = useRef<() => void>(() => {});

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { scrollWheelZoom: false });
    L.tileLayer(tiles.url, { attribution: asText(tiles.attribution), maxZoom: 18 }).addTo(created);
    markers.current = L.layerGroup().addTo(created);
    map.current = created;
    // A turned phone or a resized window: every town stays in view.
    const resized = new ResizeObserver(() => {
      created.invalidateSize();
      fit.current();
    });
    resized.observe(element.current);
    return () => {
      resized.disconnect();
      created.remove();
      map.current = null;
    };
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    const current = map.current;
    const group = markers.current;
    if (!current || !group) return;
    group.clearLayers();
    for (const town of towns) group.addLayer(markerOf(town, groups));
    fit.current = () => {
      if (towns.length === 0) current.setView(WHOLE_REGION.centre, WHOLE_REGION.zoom);
      else current.fitBounds(L.latLngBounds(towns.map((town) => town.position)), FIT);
    };
    fit.current();
  }, [towns, groups]);

  return <section ref={element} className="town-map" aria-label="Map of results by town" />;
}
