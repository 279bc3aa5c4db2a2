import { useInfiniteQuery } from "@tanstack/react-query";
import type { PostsPage } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import { cursorPaging, withCursor } from "../../api/cursor-paging.ts";
import { memberPostsQueryKey } from "../../api/query-keys.ts";

export type MemberPostsState = "open" | "past";

/** GET /api/users/username/{username}/articles?state=: the member's posts, 10 at a time. */
export function useMemberPosts(username: string, state: MemberPostsState) {
  return useInfiniteQuery({
    queryKey: memberPostsQueryKey(username, state),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PostsPage>(
        withCursor(
          `/users/username/${encodeURIComponent(username)}/articles?state=${state}`,
          pageParam,
        ),
        { signal },
      ),
    ...cursorPaging,
  });
}
