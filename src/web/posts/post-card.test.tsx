import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Post } from "../../shared/posts.ts";
import { PostCard } from "./post-card.tsx";

afterEach(cleanup);

const post: Post = {
  id: 7,
  title: "Bike repairs",
  topic: "Repairs",
  body: "Punctures.",
  username: "tom",
  created_at: new Date().toISOString(),
  type: "offering",
  area: null,
  expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  author_rate: { kind: "amount", amount: 12.5, unit: "job", currency: "EUR" },
};

const cardText = (shown: Post) => {
  render(
    <MemoryRouter>
      <PostCard post={shown} look="feed" />
    </MemoryRouter>,
  );
  return screen.getByRole("article").textContent;
};

describe("a post card's rate (issue 32)", () => {
  it("shows the author's rate on an offer", () => {
    expect(cardText(post)).toContain("€12.50 per job");
  });

  it("leaves it out on a request, and when the author set none", () => {
    expect(cardText({ ...post, type: "looking-for" })).not.toContain("per job");
    cleanup();
    const { author_rate: _rate, ...unrated } = post;
    expect(cardText(unrated)).not.toMatch(/per job|Free|Swap/);
  });
});
