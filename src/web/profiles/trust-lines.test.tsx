import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ResponsivenessLine } from "../ui/responsiveness-line.tsx";
import { RatingSummary } from "./rating-summary.tsx";

afterEach(cleanup);

describe("the rating summary (issue 32)", () => {
  it("says how many reviews followed a conversation, next to the average and the reviews behind it", () => {
    render(<RatingSummary average={4.3} count={12} contactBacked={9} />);
    expect(screen.getByText(/^Average rating:/).textContent).toBe(
      "★★★★☆ Average rating: 4.3 / 5 from 12 reviews, 9 after a conversation",
    );
  });

  it("says only the count when no review followed a conversation", () => {
    render(<RatingSummary average={5} count={1} contactBacked={0} />);
    expect(screen.getByText(/^Average rating:/).textContent).toBe(
      "★★★★★ Average rating: 5.0 / 5 from 1 review",
    );
  });
});

describe("the responsiveness line (issue 32)", () => {
  it.each([
    ["hours", "Usually replies within a few hours · Replies to most messages"],
    ["day", "Usually replies within a day · Replies to most messages"],
    ["days", "Usually replies within a few days · Replies to most messages"],
  ] as const)("says %s as %j", (bucket, text) => {
    const { container } = render(
      <ResponsivenessLine responsiveness={{ reply_time: bucket, replies_to_most: true }} />,
    );
    expect(container.textContent).toBe(text);
  });

  it("says only what is good to say, and nothing without a summary", () => {
    const { container, rerender } = render(
      <ResponsivenessLine responsiveness={{ reply_time: null, replies_to_most: true }} />,
    );
    expect(container.textContent).toBe("Replies to most messages");
    rerender(<ResponsivenessLine responsiveness={{ reply_time: "day", replies_to_most: false }} />);
    expect(container.textContent).toBe("Usually replies within a day");
    rerender(<ResponsivenessLine responsiveness={{ reply_time: null, replies_to_most: false }} />);
    expect(container.textContent).toBe("");
    rerender(<ResponsivenessLine responsiveness={null} />);
    expect(container.textContent).toBe("");
  });
});
