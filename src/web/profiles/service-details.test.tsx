import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiAnswer, apiError } from "../../../test/harness/web/fake-api.ts";
import { profileDetailOf } from "../../../test/harness/web/members.ts";
import { areaOf, CAMBRIDGE } from "../../../test/harness/web/places.ts";
import { renderForm } from "../../../test/harness/web/render-with-app.tsx";
import type { ProfileDetail } from "../../shared/profiles.ts";
import type { Service } from "../../shared/service-details.ts";
import type { ContactViewer } from "./contact-information.tsx";
import { ProfileEditForm } from "./profile-edit-form.tsx";
import { ServiceDetails } from "./service-details.tsx";

afterEach(cleanup);

const FULL: Service = {
  rate: { kind: "amount", amount: 25, unit: "hour", currency: "GBP" },
  availability: ["weekdays", "weekends"],
  travel_km: 15,
  reach: ["message", "phone"],
  phone: "01223 555 010",
  phone_hidden: false,
};

const grace = (service: Partial<Service>): ProfileDetail => ({
  ...profileDetailOf("grace"),
  service: { ...FULL, ...service },
});

function showService(profile: ProfileDetail, viewer: ContactViewer) {
  render(
    <MemoryRouter>
      <ServiceDetails profile={profile} viewer={viewer} />
    </MemoryRouter>,
  );
  return screen.queryByRole("region", { name: "Service details" });
}

describe("the profile's Service details", () => {
  it("shows the rate, availability, distance and the phone to a member", () => {
    const block = showService(grace({}), "member");
    expect(block?.textContent).toContain("Rate£25 per hour");
    expect(block?.textContent).toContain("AvailableWeekdays, Weekends");
    expect(block?.textContent).toContain("TravelsUp to 15 km");
    const section = within(block as HTMLElement);
    expect(section.getByRole("link", { name: "01223 555 010" }).getAttribute("href")).toBe(
      "tel:01223555010",
    );
    expect(section.getByRole("link", { name: "Chat to grace" })).toBeTruthy();
  });

  it("tells a signed-out visitor the phone is for members, without it", () => {
    const block = showService(grace({ phone: null, phone_hidden: true }), "signed-out");
    expect(block?.textContent).toContain("Phone (members only: Sign in to see it)");
    expect(block?.textContent).not.toMatch(/555/);
  });

  it("shows Free and Swap, and nothing for a member without details", () => {
    expect(showService(grace({ rate: { kind: "swap" } }), "member")?.textContent).toContain(
      "RateSwap",
    );
    cleanup();
    const none = profileDetailOf("grace");
    expect(showService(none, "member")).toBeNull();
  });
});

describe("the profile form's Service details", () => {
  const open = (
    profile: ProfileDetail,
    answer: () => ApiAnswer = () => ({ status: 200, body: { user: profile } }),
  ) => {
    const onSaved = vi.fn();
    const { requests, form } = renderForm(
      <ProfileEditForm id="edit" profile={profile} onSaved={onSaved} onCancel={() => {}} />,
      "Edit your profile",
      answer,
    );
    return { requests, form, onSaved, submit: form.getByRole("button", { name: "Submit" }) };
  };

  it("sends a rate in the area's currency, availability, distance and a phone", async () => {
    const profile = { ...profileDetailOf("ada"), show_email: false, area: areaOf(CAMBRIDGE) };
    const { requests, form, onSaved, submit } = open(profile);
    await userEvent.click(form.getByRole("radio", { name: "An amount" }));
    await userEvent.type(form.getByLabelText("Amount (GBP)"), "12.5");
    await userEvent.selectOptions(form.getByLabelText("Per"), "per job");
    await userEvent.click(form.getByRole("checkbox", { name: "Evenings" }));
    await userEvent.type(form.getByLabelText("How far I travel (km)"), "20");
    await userEvent.click(form.getByRole("checkbox", { name: "Phone (shown to members)" }));
    await userEvent.type(form.getByLabelText("Phone"), "+44 1223 555");
    await userEvent.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    // The form also read the skill list (GET /skills, issue 33): the save is the one write.
    expect(requests.find((request) => request.method === "PUT")?.body).toMatchObject({
      service: {
        rate: { kind: "amount", amount: 12.5, unit: "job" },
        availability: ["evenings"],
        travel_km: 20,
        reach: ["phone"],
        phone: "+44 1223 555",
      },
    });
  });

  it("refuses a phone offered without a number, and an amount with three decimals", async () => {
    const { requests, form, submit } = open({ ...profileDetailOf("ada"), show_email: false });
    await userEvent.click(form.getByRole("radio", { name: "An amount" }));
    await userEvent.type(form.getByLabelText("Amount"), "1.234");
    await userEvent.click(form.getByRole("checkbox", { name: "Phone (shown to members)" }));
    await userEvent.click(submit);
    expect(await form.findByText("Add a phone number to be reached by phone")).toBeTruthy();
    expect(form.getByText("Use at most two decimals")).toBeTruthy();
    expect(form.getByLabelText("Amount").getAttribute("aria-invalid")).toBe("true");
    // Nothing sent: the skill list's read (GET /skills, issue 33) is the only request.
    expect(requests.filter((request) => request.method !== "GET")).toHaveLength(0);
  });

  it("shows the server's refusal of the service details on the fieldset", async () => {
    const { form, submit } = open({ ...profileDetailOf("ada"), show_email: false }, () =>
      apiError(400, "invalid-input", "Please check your input.", {
        "service.phone": "Add a phone number to be reached by phone",
      }),
    );
    await userEvent.click(submit);
    const fieldset = form.getByRole("group", { name: "Service details" });
    expect((await within(fieldset).findByRole("alert")).textContent).toBe(
      "Add a phone number to be reached by phone",
    );
  });
});
