import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type ApiAnswer, apiError, later } from "../../../test/harness/web/fake-api.ts";
import { expectFieldError } from "../../../test/harness/web/form-checks.ts";
import { areaOf, CAMBRIDGE, ELY, placesAnswer } from "../../../test/harness/web/places.ts";
import { descriptionOf, renderForm } from "../../../test/harness/web/render-with-app.tsx";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { NO_SERVICE_DETAILS } from "../../shared/service-details.ts";
import { ProfileEditForm } from "./profile-edit-form.tsx";

const ada: ProfileDetail = {
  username: "ada",
  email: "ada@example.test",
  email_hidden: false,
  show_email: false,
  img_url: null,
  bio: "Engines.",
  skills: ["Plumber"],
  interests: [],
  area: null,
  service: NO_SERVICE_DETAILS,
  review_count: 0,
  contact_backed_count: 0,
  average_rating: null,
  responsiveness: null,
};

function openForm(answer: () => ApiAnswer | Promise<ApiAnswer>) {
  const onSaved = vi.fn();
  const { requests, form } = renderForm(
    <ProfileEditForm id="edit" profile={ada} onSaved={onSaved} onCancel={() => {}} />,
    "Edit your profile",
    answer,
  );
  return {
    requests,
    onSaved,
    form,
    bio: form.getByLabelText("Bio"),
    submit: form.getByRole("button", { name: "Submit" }),
  };
}

describe("the profile edit form", () => {
  it("starts from the profile, on Bio, counting its characters", async () => {
    const { form, bio } = openForm(() => ({ status: 500 }));
    await waitFor(() => expect(document.activeElement).toBe(bio));
    expect(bio).toHaveProperty("value", "Engines.");
    expect(descriptionOf(bio)).toBe("8 / 1,000 characters");
    await userEvent.type(bio, "!!");
    expect(descriptionOf(bio)).toBe("10 / 1,000 characters");
    const skills = within(form.getByRole("group", { name: "Skills" }));
    expect(skills.getByLabelText("Plumber")).toHaveProperty("checked", true);
    expect(
      form.getByRole("checkbox", { name: "Show my email to signed-in members" }),
    ).toHaveProperty("checked", false);
  });

  it("saves every field, the lists in the options' order", async () => {
    const { requests, onSaved, form, submit } = openForm(() => ({
      status: 200,
      body: { user: ada },
    }));
    await userEvent.click(
      within(form.getByRole("group", { name: "Skills" })).getByLabelText("Tour Guide"),
    );
    await userEvent.click(
      form.getByRole("checkbox", { name: "Show my email to signed-in members" }),
    );
    await userEvent.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    // The form also read the skill list (GET /skills, issue 33); the save is the one PUT.
    expect(requests.filter((request) => request.method === "PUT")[0]).toEqual({
      method: "PUT",
      path: "/users/ada",
      body: {
        bio: "Engines.",
        skills: ["Tour Guide", "Plumber"],
        interests: [],
        show_email: true,
        service: { rate: null, availability: [], travel_km: null, reach: [], phone: null },
      },
    });
  });

  it("shows the server's field message on Bio, once", async () => {
    const { bio, submit } = openForm(() =>
      apiError(400, "invalid-input", "Please check your input (bio).", {
        bio: "Bio must be at most 1000 characters",
      }),
    );
    await userEvent.click(submit);
    await expectFieldError(bio, "8 / 1,000 characters Bio must be at most 1000 characters");
    expect(screen.queryByText(/Profile not saved/)).toBeNull();
  });

  it("says why the profile was not saved above the buttons when no field is to blame", async () => {
    const { submit } = openForm(() => apiError(401, "not-signed-in", "Please sign in."));
    await userEvent.click(submit);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Profile not saved: Please sign in.",
    );
  });

  it("sends the area only when it changed: a town from the list, or null once cleared", async () => {
    const inCambridge = { ...ada, area: areaOf(CAMBRIDGE) };
    const onSaved = vi.fn();
    const { requests, form } = renderForm(
      <ProfileEditForm id="edit" profile={inCambridge} onSaved={onSaved} onCancel={() => {}} />,
      "Edit your profile",
      (request) => placesAnswer(request) ?? { status: 500 },
    );
    const area = form.getByRole("combobox", { name: "Area" });
    const submit = form.getByRole("button", { name: "Submit" });
    const puts = () => requests.filter((request) => request.method === "PUT");
    expect(area).toHaveProperty("value", "Cambridge, GB");
    await userEvent.click(submit);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).not.toHaveProperty("area_id");

    await userEvent.clear(area);
    await userEvent.type(area, "Ely");
    await userEvent.click(await form.findByRole("option", { name: "Ely, ENG, GB" }));
    await userEvent.click(submit);
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toMatchObject({ area_id: ELY.id });

    await userEvent.click(form.getByRole("button", { name: "Clear Area" }));
    await userEvent.click(submit);
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]?.body).toMatchObject({ area_id: null });
  });

  it("puts the server's refusal of the area on the Area field", async () => {
    const { form } = openForm(() =>
      apiError(400, "invalid-input", "Please check your input.", {
        area_id: "is not a known place",
      }),
    );
    await userEvent.click(form.getByRole("button", { name: "Submit" }));
    await expectFieldError(form.getByRole("combobox", { name: "Area" }), /is not a known place$/);
  });

  it("disables Submit and Cancel while saving", async () => {
    const answer = later({ status: 200, body: { user: ada } });
    const { form, submit } = openForm(() => answer.reply);
    await userEvent.click(submit);
    expect(submit).toHaveProperty("disabled", true);
    expect(form.getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
    answer.send();
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
  });
});
