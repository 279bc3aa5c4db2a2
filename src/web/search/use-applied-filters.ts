import { useSession } from "../auth/index.ts";
import { type FilterName, type SearchFilters, useUrlFilters } from "./search-params.ts";

/** The viewer's own area, which the distance filter measures from: a member's, once chosen. */
export function useOwnArea() {
  const session = useSession();
  const profile = session.data?.profile;
  return { known: session.isSuccess, area: profile?.area ?? null, username: profile?.username };
}

/**
 * The address's filters that a list asks the server for: only `names`, and the distance only when
 * the viewer has an area to measure from (a shared link with `within` still lists for anyone else).
 * `ready` waits for the session when the address asks for a distance.
 */
export function useAppliedFilters(names: readonly FilterName[]) {
  const { filters, setFilters } = useUrlFilters();
  const ownArea = useOwnArea();
  const applied: SearchFilters = {};
  for (const name of names) {
    if (filters[name] === undefined) continue;
    if (name === "within" && !ownArea.area) continue;
    Object.assign(applied, { [name]: filters[name] });
  }
  const ready = filters.within === undefined || !names.includes("within") || ownArea.known;
  return { filters, applied, ready, setFilters };
}
