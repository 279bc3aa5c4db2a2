import { useParams } from "react-router";
import { ARTICLE_ID_PATTERN } from "../../shared/posts.ts";
import { ApiError } from "../api/client.ts";
import { useArticle } from "./api/get-article.ts";
import { ArticleNotFound } from "./article-not-found.tsx";
import { ArticleSkeleton } from "./article-skeleton.tsx";
import { ArticleView } from "./article-view.tsx";
import "./article-page.css";

export function ArticlePage() {
  const { article_id: param = "" } = useParams();
  const id = ARTICLE_ID_PATTERN.test(param) ? Number(param) : null;
  const query = useArticle(id);

  if (id === null) return <ArticleNotFound />;
  if (query.isError && query.error instanceof ApiError && [400, 404].includes(query.error.status)) {
    return <ArticleNotFound />;
  }
  if (query.isPending) return <ArticleSkeleton />;
  if (query.isError) {
    return (
      <section role="alert" className="centered-card">
        <h1>This post could not be loaded</h1>
        <p>{query.error.message}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  return <ArticleView article={query.data.article} />;
}
