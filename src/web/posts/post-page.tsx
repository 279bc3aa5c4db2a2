import { useParams } from "react-router";
import { ROW_ID_PATTERN } from "../../shared/constants.ts";
import { ApiError, isApiError } from "../api/client.ts";
import { usePost } from "./api/get-post.ts";
import { PostNotFound } from "./post-not-found.tsx";
import { PostRemoved } from "./post-removed.tsx";
import { PostSkeleton } from "./post-skeleton.tsx";
import { PostView } from "./post-view.tsx";
import "./post-page.css";

export function PostPage() {
  const { article_id: param = "" } = useParams();
  const id = ROW_ID_PATTERN.test(param) ? Number(param) : null;
  const query = usePost(id);

  if (id === null) return <PostNotFound />;
  if (isApiError(query.error, "post-removed")) return <PostRemoved />;
  if (query.isError && query.error instanceof ApiError && [400, 404].includes(query.error.status)) {
    return <PostNotFound />;
  }
  if (query.isPending) return <PostSkeleton />;
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
  return <PostView post={query.data.article} />;
}
