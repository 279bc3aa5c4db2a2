import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type ApiAnswer, apiError, later } from "../../../test/harness/web/fake-api.ts";
import { fillAndSubmit } from "../../../test/harness/web/form-checks.ts";
import { renderForm } from "../../../test/harness/web/render-with-app.tsx";
import type { Review } from "../../shared/reviews.ts";
import { ReviewForm } from "./review-form.tsx";

const saved: Review = {
  id: 7,
  username: "ada",
  created_about: "grace",
  title: "Great",
  body: "Fixed it fast.",
  rating: 3,
  created_at: "2026-01-01T00:00:00.000Z",
  author_img_url: null,
  reply: null,
  contact_backed: false,
};

function openForm(answer: () => ApiAnswer | Promise<ApiAnswer>) {
  const onSent = vi.fn();
  const { requests, form } = renderForm(
    <ReviewForm subject="grace" onSent={onSent} />,
    "Add a review",
    answer,
  );
  const fields = {
    title: form.getByLabelText("Title"),
    body: form.getByLabelText("Review"),
    rating: (value: number) => form.getByRole("radio", { name: String(value) }),
    send: form.getByRole("button", { name: "Add a Review" }),
  };
  /** Types a title and a review (the rating left as it is) and presses the button. */
  const sendReview = (review: { title: string; body: string }) =>
    fillAndSubmit(
      [
        [fields.title, review.title],
        [fields.body, review.body],
      ],
      fields.send,
    );
  return { requests, onSent, ...fields, sendReview };
}

describe("the review form", () => {
  it("says what is missing before sending", async () => {
    const { requests, title, body, send } = openForm(() => ({ status: 500 }));
    await userEvent.click(send);
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByText("Review is required")).toBeTruthy();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(body.getAttribute("aria-invalid")).toBe("true");
    expect(requests).toEqual([]);
  });

  it("sends the trimmed texts and the rating as a number (5 unless chosen), then starts afresh", async () => {
    const { requests, onSent, title, body, rating, send } = openForm(() => ({
      status: 201,
      body: { review: saved },
    }));
    expect(rating(5)).toHaveProperty("checked", true);
    await userEvent.type(title, " Great ");
    await userEvent.type(body, "Fixed it fast.");
    await userEvent.click(rating(3));
    await userEvent.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(requests[0]?.body).toEqual({
      created_about: "grace",
      title: "Great",
      body: "Fixed it fast.",
      rating: 3,
    });
    expect(title).toHaveProperty("value", "");
    expect(rating(5)).toHaveProperty("checked", true);
  });

  it("shows the server's field message on its field, once", async () => {
    const { title, body, sendReview } = openForm(() =>
      apiError(400, "invalid-input", "Please check your input (title).", {
        title: "Title must be at most 120 characters",
      }),
    );
    await sendReview({ title: "Great", body: "Fine." });
    expect(await screen.findByText("Title must be at most 120 characters")).toBeTruthy();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(body.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(/Review Failed to Send/)).toBeNull();
  });

  it("says 'Review Failed to Send' and why above the button when no field is to blame", async () => {
    const { sendReview } = openForm(() => apiError(401, "not-signed-in", "Please sign in."));
    await sendReview({ title: "Great", body: "Fine." });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Review Failed to Send: Please sign in.",
    );
  });

  it("disables the button while sending", async () => {
    const answer = later({ status: 201, body: { review: saved } });
    const { send, sendReview } = openForm(() => answer.reply);
    await sendReview({ title: "Great", body: "Fine." });
    expect(send).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(send).toHaveProperty("disabled", false));
  });
});
