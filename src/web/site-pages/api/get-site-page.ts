import { useQuery } from "@tanstack/react-query";
import type { SitePage, SitePageName } from "../../../shared/site-pages.ts";
import { apiFetch } from "../../api/client.ts";

/** About or Community guidelines, as the operator wrote it (GET /api/pages/:name). */
export function useSitePage(name: SitePageName) {
  return useQuery({
    queryKey: ["site-pages", name],
    queryFn: ({ signal }) => apiFetch<SitePage>(`/pages/${name}`, { signal }),
    staleTime: 5 * 60_000,
  });
}
