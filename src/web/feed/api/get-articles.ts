import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { Article, ArticlesPage } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";

/** The feed's pages in the query cache; the post page and the add-post form read and write it. */
export const articlesListKey = ["articles", "list"] as const;
export type ArticlesCache = InfiniteData<ArticlesPage, string | null>;

export function getArticles(cursor: string | null, signal?: AbortSignal): Promise<ArticlesPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return apiFetch<ArticlesPage>(`/articles${query}`, { signal });
}

/** Newest posts first, one page of 20 at a time; each page starts after the last one's cursor. */
export const articlesQueryOptions = infiniteQueryOptions({
  queryKey: articlesListKey,
  queryFn: ({ pageParam, signal }) => getArticles(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
  staleTime: 30_000,
});

export function useArticles() {
  return useInfiniteQuery(articlesQueryOptions);
}

/** The loaded posts in order, each once (a post added here may also come back in a refetch). */
export function flattenArticles(data: InfiniteData<ArticlesPage, unknown> | undefined): Article[] {
  const seen = new Set<number>();
  const articles: Article[] = [];
  for (const page of data?.pages ?? []) {
    for (const article of page.articles) {
      if (seen.has(article.id)) continue;
      seen.add(article.id);
      articles.push(article);
    }
  }
  return articles;
}
