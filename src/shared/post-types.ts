/*
 * What a post is (issue 18): someone offering a skill, or looking for one. Apart from posts.ts,
 * which re-exports it, so that the feed's cards show the labels without loading zod.
 */

/**
 * A post that says nothing is an offering: every post from before types existed, and SPEC clients
 * that send three fields (decision 012).
 */
export const POST_TYPES = ["offering", "looking-for"] as const;
export type PostType = (typeof POST_TYPES)[number];
export const POST_TYPE_DEFAULT: PostType = "offering";
export const POST_TYPE_LABELS: Record<PostType, string> = {
  offering: "Offering",
  "looking-for": "Looking for",
};
