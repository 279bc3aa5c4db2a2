import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Article, ArticleResponse } from "../../../shared/posts.ts";
import { ApiError, apiFetch } from "../../api/client.ts";
import { type ArticlesCache, articlesListKey } from "../../feed/api/get-articles.ts";

export const articleQueryKey = (id: number) => ["articles", "detail", id] as const;

export function getArticle(id: number, signal?: AbortSignal): Promise<ArticleResponse> {
  return apiFetch<ArticleResponse>(`/articles/${id}`, { signal });
}

/** A post the feed already holds, shown at once while the post itself loads. */
function fromFeed(caches: [unknown, ArticlesCache | undefined][], id: number): Article | undefined {
  for (const [, data] of caches) {
    for (const page of data?.pages ?? []) {
      const found = page.articles.find((article) => article.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** One post; `id` null (a malformed address) fetches nothing. Not-found answers are not retried. */
export function useArticle(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: articleQueryKey(id ?? 0),
    queryFn: ({ signal }) => getArticle(id ?? 0, signal),
    enabled: id !== null,
    placeholderData: () => {
      if (id === null) return undefined;
      const caches = queryClient.getQueriesData<ArticlesCache>({ queryKey: articlesListKey });
      const article = fromFeed(caches, id);
      return article ? { article } : undefined;
    },
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
