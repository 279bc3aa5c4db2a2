import { lazy, Suspense, useId, useState } from "react";
import { useTownCounts } from "./api/town-counts.ts";
import type { SearchFilters } from "./search-params.ts";
import { type CountedGroups, countIn, countText } from "./town-counts-text.ts";

// Leaflet and its styles load only when someone opens the map (not in any first page's JavaScript).
const TownMap = lazy(() => import("./town-map.tsx").then(({ TownMap }) => ({ default: TownMap })));

/**
 * "Show on a map" under the search (issue 33): one marker per town with how many results are
 * there, and the same towns as a list (for screen readers and small screens). Never a member's
 * own position: the server answers towns only.
 */
export function TownMapSection({
  filters,
  groups,
}: {
  filters: SearchFilters;
  groups: CountedGroups;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const towns = useTownCounts(filters, open);
  const shown = (towns.data?.towns ?? []).filter((town) => countIn(town, groups) > 0);
  return (
    <section className="town-map-section" aria-labelledby={open ? headingId : undefined}>
      <button
        type="button"
        className="button button-ghost"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide map" : "Show on a map"}
      </button>
      {open && (
        <>
          <h2 id={headingId}>Results by town</h2>
          {towns.isPending && <p className="muted">Loading the map…</p>}
          {towns.isError && !towns.data && (
            <p role="alert" className="error-text">
              Could not load the map. {towns.error.message}
            </p>
          )}
          {towns.data && (
            <>
              <Suspense fallback={<p className="muted">Loading the map…</p>}>
                <TownMap towns={shown} groups={groups} tiles={towns.data.tiles} />
              </Suspense>
              {shown.length === 0 ? (
                <p className="muted">No results with a town to show.</p>
              ) : (
                <ul className="town-list" aria-label="Towns with results">
                  {shown.map((town) => (
                    <li key={town.id}>
                      {town.name}, {town.country}: {countText(town, groups)}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
