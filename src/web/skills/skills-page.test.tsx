import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiRequest, apiError } from "../../../test/harness/web/fake-api.ts";
import { sessionOf } from "../../../test/harness/web/members.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { MeResponse } from "../../shared/identity.ts";
import type { Skill } from "../../shared/skills.ts";
import { SkillsPage } from "./skills-page.tsx";

const plumber: Skill = { id: 6, name: "Plumber", synonyms: ["plumbing", "leak"], status: "active" };
const tailor: Skill = { id: 9, name: "Tailor", synonyms: [], status: "retired" };

function openPage(session: MeResponse, answer?: (request: ApiRequest) => unknown) {
  return renderWithApi(<SkillsPage />, (request) => {
    if (request.path === "/me") return { status: 200, body: session };
    if (request.path === "/skills?include=retired") {
      return { status: 200, body: { skills: [plumber, tailor] } };
    }
    const answered = answer?.(request);
    return (answered as { status: number }) ?? { status: 404 };
  });
}

const entry = (name: string) =>
  screen
    .getAllByRole("listitem")
    .find((item) => within(item).queryByRole("heading", { name: new RegExp(`^${name}`) }));

describe("/moderation/skills", () => {
  it("is the not-found page for a member who is not a moderator, asking nothing of the skills API", async () => {
    const { requests } = openPage(sessionOf("ana"));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(requests.map((request) => request.path)).toEqual(["/me"]);
  });

  it("lists every skill with its synonyms, retired ones marked, each editable", async () => {
    openPage(sessionOf("mod", { moderator: true }));
    expect(await screen.findByRole("heading", { name: "Plumber" })).toBeTruthy();
    const form = within(screen.getByRole("form", { name: "Edit Plumber" }));
    expect(form.getByLabelText("Synonyms")).toHaveProperty("value", "plumbing, leak");
    expect(form.getByRole("button", { name: "Retire" })).toBeTruthy();
    const retired = within(entry("Tailor") as HTMLElement);
    expect(retired.getByText("Retired")).toBeTruthy();
    expect(retired.getByRole("button", { name: "Offer again" })).toBeTruthy();
  });

  it("adds a skill with synonyms typed as a list, and says why a word is refused", async () => {
    const { requests } = openPage(sessionOf("mod", { moderator: true }), (request) => {
      const body = request.body as { name: string };
      if (request.method !== "POST") return undefined;
      if (body.name === "Plumbing") {
        return apiError(
          409,
          "skill-taken",
          "Another skill already has this name or one of these synonyms.",
        );
      }
      return { status: 201, body: { skill: { id: 10, ...body, status: "active" } } };
    });
    const form = within(await screen.findByRole("form", { name: "Add a skill" }));
    await userEvent.type(form.getByLabelText("Name"), "Plumbing");
    await userEvent.click(form.getByRole("button", { name: "Add skill" }));
    expect(await form.findByText(/Another skill already has this name/)).toBeTruthy();

    await userEvent.clear(form.getByLabelText("Name"));
    await userEvent.type(form.getByLabelText("Name"), "Electrician");
    await userEvent.type(form.getByLabelText("Synonyms"), "Electrics, wiring,, wiring ");
    await userEvent.click(form.getByRole("button", { name: "Add skill" }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === "POST").at(-1)?.body).toEqual({
        name: "Electrician",
        synonyms: ["electrics", "wiring"],
      }),
    );
    await waitFor(() => expect(form.getByLabelText("Name")).toHaveProperty("value", ""));
  });

  it("retires a skill through its endpoint", async () => {
    const { requests } = openPage(sessionOf("mod", { moderator: true }), (request) =>
      request.method === "PATCH"
        ? { status: 200, body: { skill: { ...plumber, status: "retired" } } }
        : undefined,
    );
    const form = within(await screen.findByRole("form", { name: "Edit Plumber" }));
    await userEvent.click(form.getByRole("button", { name: "Retire" }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === "PATCH")).toMatchObject({
        path: "/skills/6",
        body: { status: "retired" },
      }),
    );
  });
});
