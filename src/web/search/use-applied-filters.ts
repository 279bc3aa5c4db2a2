import { useSession } from "../auth/index.ts";
import { usePlace } from "../places/index.ts";
import { type FilterName, type SearchFilters, useUrlFilters } from "./search-params.ts";

/** The viewer's own area, which the distance filter measures from: a member's, once chosen. */
export function useOwnArea() {
  const session = useSession();
  const profile = session.data?.profile;
  return { known: session.isSuccess, area: profile?.area ?? null, username: profile?.username };
}

/**
 * Where distances are measured from: the town picked (`near`; its name once read), else the
 * member's own area; null when there is neither.
 */
export function useDistanceCentre(near: number | undefined): { name: string | null } | null {
  const ownArea = useOwnArea();
  const town = usePlace(near);
  if (near !== undefined) return { name: town.data?.name ?? null };
  return ownArea.area ? { name: ownArea.area.name } : null;
}

/**
 * The address's filters that a list asks the server for: only `names`, and the distance only when
 * there is a centre to measure from, a town picked (`near`) or the viewer's area (a shared link
 * with `within` alone still lists for anyone else). `ready` waits for the session when the
 * distance depends on the viewer's area.
 */
export function useAppliedFilters(names: readonly FilterName[]) {
  const { filters, setFilters } = useUrlFilters();
  const ownArea = useOwnArea();
  const applied: SearchFilters = {};
  const town = names.includes("near") ? filters.near : undefined;
  for (const name of names) {
    if (filters[name] === undefined) continue;
    if (name === "within" && !ownArea.area && town === undefined) continue;
    Object.assign(applied, { [name]: filters[name] });
  }
  const ready =
    filters.within === undefined ||
    !names.includes("within") ||
    town !== undefined ||
    ownArea.known;
  return { filters, applied, ready, setFilters };
}
