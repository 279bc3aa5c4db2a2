import { Link } from "react-router";
import type { Article } from "../../shared/posts.ts";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

export function ArticleView({ article }: { article: Article }) {
  const created = new Date(article.created_at);
  return (
    <article className="card article">
      <title>{`${article.title} · Your Local Talents`}</title>
      <span className="badge">{article.topic}</span>
      <h1>{article.title}</h1>
      <p className="article-meta">
        by: <Link to={`/user/${encodeURIComponent(article.username)}`}>{article.username}</Link>
        {!Number.isNaN(created.getTime()) && (
          <>
            {" · "}
            <time dateTime={article.created_at}>{dateFormat.format(created)}</time>
          </>
        )}
      </p>
      <div className="article-body">{article.body}</div>
      <p>
        <Link to="/chatapp" className="button">
          Chat to {article.username}
        </Link>
      </p>
    </article>
  );
}
