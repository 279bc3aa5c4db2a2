import { waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type ApiAnswer, apiError, later } from "../../../test/harness/web/fake-api.ts";
import { fillAndSubmit } from "../../../test/harness/web/form-checks.ts";
import { renderForm } from "../../../test/harness/web/render-with-app.tsx";
import type { Post } from "../../shared/posts.ts";
import { AddPostForm } from "./add-post-form.tsx";

const article: Post = {
  id: 1,
  title: "Guitar lessons",
  topic: "Music",
  body: "Beginners welcome.",
  username: "ada",
  created_at: "2026-01-01T00:00:00.000Z",
};

function openForm(answer: () => ApiAnswer | Promise<ApiAnswer>) {
  const onPosted = vi.fn();
  const { requests, form } = renderForm(
    <AddPostForm id="add-post" onPosted={onPosted} />,
    "Add a post",
    answer,
  );
  const fields = {
    title: form.getByLabelText("Title"),
    topic: form.getByLabelText("Topic"),
    body: form.getByLabelText("Body"),
    submit: form.getByRole("button", { name: "Submit" }),
  };
  /** Types `post` into the fields and presses Submit. */
  const send = (post: { title: string; topic: string; body: string }) =>
    fillAndSubmit(
      [
        [fields.title, post.title],
        [fields.topic, post.topic],
        [fields.body, post.body],
      ],
      fields.submit,
    );
  return { requests, onPosted, form, ...fields, send };
}

describe("the add-post form", () => {
  it("starts on Title", async () => {
    const { title } = openForm(() => ({ status: 500 }));
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it("marks every missing field and takes the focus to the first", async () => {
    const { requests, form, title, topic, submit } = openForm(() => ({ status: 500 }));
    await userEvent.type(topic, "Music");
    await userEvent.click(submit);
    expect(await form.findByText("Title is required.")).toBeTruthy();
    expect(form.getByText("Body is required.")).toBeTruthy();
    expect(form.queryByText("Topic is required.")).toBeNull();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(requests).toEqual([]);
  });

  it("sends the trimmed post and hands the new one over", async () => {
    const { requests, onPosted, send } = openForm(() => ({ status: 201, body: { article } }));
    await send({ title: " Guitar lessons ", topic: "Music", body: "Beginners welcome." });
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith(article));
    expect(requests[0]?.body).toEqual({
      title: "Guitar lessons",
      topic: "Music",
      body: "Beginners welcome.",
    });
  });

  it("puts the server's messages on their fields, focuses the first and keeps what was typed", async () => {
    const { form, title, topic, body, send } = openForm(() =>
      apiError(400, "invalid-input", "Please check your input.", {
        body: "Body must not contain NUL characters.",
        topic: "Topic must be at most 60 characters.",
      }),
    );
    await send({ title: "Guitar lessons", topic: "Music", body: "Beginners welcome." });
    expect(
      await form.findByText("Your post was not added: please check the fields marked below."),
    ).toBeTruthy();
    expect(form.getByText("Topic must be at most 60 characters.")).toBeTruthy();
    expect(body.getAttribute("aria-invalid")).toBe("true");
    expect(title.getAttribute("aria-invalid")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(topic));
    expect(body).toHaveProperty("value", "Beginners welcome.");
  });

  it("says why when the refusal is about no field, and disables Submit while sending", async () => {
    const answer = later(apiError(401, "not-signed-in", "Please sign in."));
    const { form, submit, send } = openForm(() => answer.reply);
    await send({ title: "Guitar lessons", topic: "Music", body: "Beginners welcome." });
    expect(submit).toHaveProperty("disabled", true);
    answer.send();
    expect(await form.findByRole("alert")).toHaveProperty(
      "textContent",
      "Your post was not added. Please sign in.",
    );
    expect(submit).toHaveProperty("disabled", false);
  });
});
