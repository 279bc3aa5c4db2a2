import type { PostSearchResult } from "../../shared/search.ts";
import { PostCard } from "../posts/index.ts";
import { HighlightedText } from "./highlighted-text.tsx";

/** A post found: its card, with the matched words marked in the title and the body around them. */
export function PostResult({ post }: { post: PostSearchResult }) {
  return (
    <PostCard
      post={post}
      look="result"
      title={<HighlightedText segments={post.title_highlight} />}
      body={<HighlightedText segments={post.excerpt} />}
    />
  );
}
