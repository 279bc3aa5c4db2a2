import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  type ApiHandler,
  type ApiRequest,
  apiError,
  later,
} from "../../../test/harness/web/fake-api.ts";
import { expectFieldError } from "../../../test/harness/web/form-checks.ts";
import { identity } from "../../../test/harness/web/members.ts";
import { descriptionOf, renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import { SKILL_OPTIONS } from "../../shared/constants.ts";
import type { MeResponse } from "../../shared/identity.ts";
import { CreateProfilePage } from "./create-profile-page.tsx";

const signedInWithoutProfile: MeResponse = { user: identity(), profile: null };

/** The page for a signed-in identity without a profile; `create` answers POST /users. */
async function openForm(create: ApiHandler) {
  const { requests } = renderWithApi(
    <CreateProfilePage />,
    (request) =>
      request.path === "/me" ? { status: 200, body: signedInWithoutProfile } : create(request),
    { path: "/createYourUser" },
  );
  const username = await screen.findByLabelText("Username");
  return { requests, username, submit: screen.getByRole("button", { name: "Submit" }) };
}

const creations = (requests: ApiRequest[]) => requests.filter((r) => r.path === "/users");
describe("the create-profile form", () => {
  it("has the username with its hint, and the skills and interests", async () => {
    const { username } = await openForm(() => ({ status: 500 }));
    expect(descriptionOf(username)).toBe(
      "3 to 30 letters a-z, digits, _ or -; stored in lower case.",
    );
    const skills = screen.getByRole("group", { name: "Skills" });
    expect(within(skills).getAllByRole("checkbox")).toHaveLength(7);
    expect(screen.getByRole("group", { name: "Interests" })).toBeTruthy();
  });

  it("says what is wrong with the username before sending anything", async () => {
    const { requests, username, submit } = await openForm(() => ({ status: 500 }));
    await userEvent.click(submit);
    expect(await screen.findByText("Username is required")).toBeTruthy();
    expect(username.getAttribute("aria-invalid")).toBe("true");
    await userEvent.type(username, "no");
    await userEvent.click(submit);
    expect(descriptionOf(username)).toMatch(/Use 3 to 30 of the letters a-z/);
    expect(creations(requests)).toEqual([]);
  });

  it("sends the username as stored and the options in their order", async () => {
    const { requests, username, submit } = await openForm(() =>
      apiError(500, "internal", "Something went wrong."),
    );
    await userEvent.type(username, "  Ada_L  ");
    const skills = within(screen.getByRole("group", { name: "Skills" }));
    const [first, , third] = SKILL_OPTIONS;
    await userEvent.click(skills.getByLabelText(third));
    await userEvent.click(skills.getByLabelText(first));
    await userEvent.click(submit);
    await waitFor(() => expect(creations(requests)).toHaveLength(1));
    expect(creations(requests)[0]?.body).toEqual({
      username: "ada_l",
      skills: [first, third],
      interests: [],
    });
  });

  it("shows the server's refusal of the username on the Username field", async () => {
    const { username, submit } = await openForm(() =>
      apiError(409, "username-taken", "This username is already taken.", {
        username: "This username is already taken",
      }),
    );
    await userEvent.type(username, "grace");
    await userEvent.click(submit);
    await expectFieldError(username, /This username is already taken/);
  });

  it("says a refusal about no field under the form", async () => {
    const { username, submit } = await openForm(() =>
      apiError(0, "network", "Cannot reach the server. Check your connection and try again."),
    );
    await userEvent.type(username, "grace");
    await userEvent.click(submit);
    expect(
      await screen.findByText("Cannot reach the server. Check your connection and try again."),
    ).toBeTruthy();
    expect(username.getAttribute("aria-invalid")).toBeNull();
  });

  it("disables Submit while sending", async () => {
    const answer = later(apiError(409, "username-taken", "Taken", { username: "Taken" }));
    const { username, submit } = await openForm(() => answer.reply);
    await userEvent.type(username, "grace");
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveProperty("disabled", true));
    answer.send();
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
  });
});
