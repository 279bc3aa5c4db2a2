import type { PersonSearchResult, PostSearchResult } from "../../../src/shared/search.ts";

// Search results (issue 18) as the web app's Testing Library tests' fake server answers them.

/** `text` as highlighted segments: the words between *stars* matched ("Fix *plumb*ing"). */
export function marked(text: string) {
  return text
    .split("*")
    .map((piece, index) => ({ text: piece, match: index % 2 === 1 }))
    .filter((segment) => segment.text !== "");
}

/** A post found by search, an offering without an area unless `changes` say otherwise. */
export function postResult(
  id: number,
  title: string,
  changes: Partial<PostSearchResult> = {},
): PostSearchResult {
  return {
    id,
    title: title.replaceAll("*", ""),
    topic: "Home",
    body: "Any day.",
    username: "grace",
    created_at: "2026-01-01T00:00:00.000Z",
    expires_at: "2099-01-01T00:00:00.000Z",
    type: "offering",
    area: null,
    title_highlight: marked(title),
    excerpt: marked("Any day."),
    ...changes,
  };
}

/** A member found by search, without reviews or area unless `changes` say otherwise. */
export function personResult(
  username: string,
  changes: Partial<PersonSearchResult> = {},
): PersonSearchResult {
  return {
    username: username.replaceAll("*", ""),
    img_url: null,
    skills: [],
    area: null,
    username_highlight: marked(username),
    bio_excerpt: [],
    review_count: 0,
    average_rating: null,
    ...changes,
  };
}
