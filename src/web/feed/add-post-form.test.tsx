import { waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  type ApiAnswer,
  type ApiRequest,
  apiError,
  later,
} from "../../../test/harness/web/fake-api.ts";
import { fillAndSubmit } from "../../../test/harness/web/form-checks.ts";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { areaOf, CAMBRIDGE, ELY, placesAnswer } from "../../../test/harness/web/places.ts";
import { renderForm } from "../../../test/harness/web/render-with-app.tsx";
import type { Area } from "../../shared/places.ts";
import type { Post } from "../../shared/posts.ts";
import { AddPostForm } from "./add-post-form.tsx";

const article: Post = {
  id: 1,
  title: "Guitar lessons",
  topic: "Music",
  body: "Beginners welcome.",
  username: "ada",
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2099-01-01T00:00:00.000Z",
  type: "offering",
  area: null,
};

/**
 * The form of a member whose area is `area`; `answer` replies to the post, the session and places
 * are answered here. `requests` are the posts sent.
 */
function openForm(
  answer: (request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>,
  { area = null }: { area?: Area | null } = {},
) {
  const onPosted = vi.fn();
  const session = sessionOf("ada");
  if (session.profile) session.profile.area = area;
  const { requests: all, form } = renderForm(
    <AddPostForm id="add-post" onPosted={onPosted} />,
    "Add a post",
    (request) =>
      request.path === "/me"
        ? { status: 200, body: session }
        : (placesAnswer(request) ?? answer(request)),
  );
  const requests = {
    get length() {
      return all.filter((request) => request.method === "POST").length;
    },
    at: (index: number) => all.filter((request) => request.method === "POST")[index],
  };
  const fields = {
    title: form.getByLabelText("Title"),
    topic: form.getByLabelText("Topic"),
    body: form.getByLabelText("Body"),
    area: form.getByRole("combobox", { name: "Area" }),
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
    expect(requests.length).toBe(0);
  });

  it("sends the trimmed post and hands the new one over", async () => {
    const { requests, onPosted, send } = openForm(() => ({ status: 201, body: { article } }));
    await send({ title: " Guitar lessons ", topic: "Music", body: "Beginners welcome." });
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith(article));
    expect(requests.at(0)?.body).toEqual({
      title: "Guitar lessons",
      topic: "Music",
      body: "Beginners welcome.",
      type: "offering",
      area_id: null,
      expires_in_days: 60,
    });
  });

  it("shows the post for 60 days unless 30 or 90 are chosen", async () => {
    const { requests, form, send } = openForm(() => ({ status: 201, body: { article } }));
    const expiry = form.getByRole("combobox", { name: "Show it for" });
    expect(expiry).toHaveProperty("value", "60");
    expect(
      within(expiry)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["30 days", "60 days", "90 days"]);
    await userEvent.selectOptions(expiry, "30 days");
    await send({ title: "Piano teacher", topic: "Music", body: "For my son." });
    await waitFor(() => expect(requests.length).toBe(1));
    expect(requests.at(0)?.body).toMatchObject({ expires_in_days: 30 });
  });

  it("offers Offering preselected, and sends Looking for when chosen", async () => {
    const { requests, form, send } = openForm(() => ({ status: 201, body: { article } }));
    const type = within(form.getByRole("group", { name: "Type" }));
    expect(type.getByRole("radio", { name: "Offering" })).toHaveProperty("checked", true);
    expect(type.getByRole("radio", { name: "Looking for" })).toHaveProperty("checked", false);
    await userEvent.click(type.getByRole("radio", { name: "Looking for" }));
    await send({ title: "Piano teacher", topic: "Music", body: "For my son." });
    await waitFor(() => expect(requests.length).toBe(1));
    expect(requests.at(0)?.body).toMatchObject({ type: "looking-for" });
  });

  it("starts from the author's area, which can be changed or cleared", async () => {
    // Refused each time, so the form keeps its fields for the next try.
    const { requests, form, area, send } = openForm(() => ({ status: 500 }), {
      area: areaOf(CAMBRIDGE),
    });
    await waitFor(() => expect(area).toHaveProperty("value", "Cambridge, GB"));
    await send({ title: "Guitar lessons", topic: "Music", body: "Beginners welcome." });
    await waitFor(() => expect(requests.length).toBe(1));
    expect(requests.at(0)?.body).toMatchObject({ area_id: CAMBRIDGE.id });

    await userEvent.clear(area);
    await userEvent.type(area, "El");
    await userEvent.click(await form.findByRole("option", { name: "Ely, ENG, GB" }));
    await userEvent.click(form.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(requests.length).toBe(2));
    expect(requests.at(1)?.body).toMatchObject({ area_id: ELY.id });

    await userEvent.click(form.getByRole("button", { name: "Clear Area" }));
    await userEvent.click(form.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(requests.length).toBe(3));
    expect(requests.at(2)?.body).toMatchObject({ area_id: null });
  });

  it("puts the server's refusal of the area on the Area field", async () => {
    const { form, area, send } = openForm(
      () =>
        apiError(400, "invalid-input", "Please check your input.", {
          area_id: "is not a known place",
        }),
      { area: areaOf(CAMBRIDGE) },
    );
    await waitFor(() => expect(area).toHaveProperty("value", "Cambridge, GB"));
    await send({ title: "Guitar lessons", topic: "Music", body: "Beginners welcome." });
    expect(await form.findByText("is not a known place")).toBeTruthy();
    expect(area.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(area));
  });

  it("puts the server's messages on their fields only, focuses the first and keeps what was typed", async () => {
    const { form, title, topic, body, send } = openForm(() =>
      apiError(400, "invalid-input", "Please check your input.", {
        body: "Body must not contain NUL characters.",
        topic: "Topic must be at most 60 characters.",
      }),
    );
    await send({ title: "Guitar lessons", topic: "Music", body: "Beginners welcome." });
    expect(await form.findByText("Topic must be at most 60 characters.")).toBeTruthy();
    // Said once, beside the fields: no message about the whole form as well.
    expect(form.queryByRole("alert")).toBeNull();
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
