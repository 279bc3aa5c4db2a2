import { useMutation, useQuery } from "@tanstack/react-query";
import type { PostLinkAnswer } from "../../../shared/post-links.ts";
import { apiFetch } from "../../api/client.ts";

/** GET /api/post-links?token=: what a reminder mail's link would do, doing nothing (issue 32). */
export function usePostLink(token: string) {
  return useQuery({
    queryKey: ["post-link", token],
    queryFn: ({ signal }) =>
      apiFetch<PostLinkAnswer>(`/post-links?token=${encodeURIComponent(token)}`, { signal }),
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/post-links: do what the link says, once; no sign-in needed. */
export function useUsePostLink() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<PostLinkAnswer>("/post-links", { method: "POST", body: { token } }),
  });
}
