import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ArticleResponse, CreateArticleInput } from "../../../shared/posts.ts";
import { apiFetch } from "../../api/client.ts";
import { articleQueryKey } from "../../posts/api/get-article.ts";
import { type ArticlesCache, articlesListKey } from "./get-articles.ts";

export function createArticle(input: CreateArticleInput): Promise<ArticleResponse> {
  return apiFetch<ArticleResponse>("/articles", { method: "POST", body: input });
}

/** Posts a new article and puts it at the top of the loaded feed, without reloading the pages. */
export function useCreateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArticle,
    onSuccess: ({ article }) => {
      queryClient.setQueryData(articleQueryKey(article.id), { article });
      const feed = queryClient.getQueryData<ArticlesCache>(articlesListKey);
      const [first, ...rest] = feed?.pages ?? [];
      if (!feed || !first) {
        void queryClient.invalidateQueries({ queryKey: articlesListKey });
        return;
      }
      queryClient.setQueryData<ArticlesCache>(articlesListKey, {
        ...feed,
        pages: [{ ...first, articles: [article, ...first.articles] }, ...rest],
      });
    },
  });
}
