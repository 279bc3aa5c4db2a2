import { Link } from "react-router";
import type { Article } from "../../shared/posts.ts";
import { previewBody } from "../../shared/preview.ts";

/** A post in the feed: the whole card leads to the post, the author's name to their profile. */
export function ArticleCard({ article }: { article: Article }) {
  return (
    <article className="card article-card">
      <h2>
        <Link to={`/articles/${article.id}`} className="article-card-link">
          {article.title}
        </Link>
      </h2>
      <span className="badge">{article.topic}</span>
      <p className="article-card-author">
        by: <Link to={`/user/${encodeURIComponent(article.username)}`}>{article.username}</Link>
      </p>
      <p className="article-card-body">{previewBody(article.body)}</p>
    </article>
  );
}
