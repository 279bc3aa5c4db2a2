import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, apiError, withMailStatus } from "../../../test/harness/web/fake-api.ts";
import { identity } from "../../../test/harness/web/members.ts";
import { expectNoMailLine } from "../../../test/harness/web/no-mail.ts";
import { renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { IdentityDto } from "../../shared/identity.ts";
import { Notices } from "../ui/notify.tsx";
import { VerifyEmailNotice } from "./verify-email-notice.tsx";

const ada = identity({ emailVerified: false });

type Options = { path?: string; available?: boolean; resend?: ApiAnswer };

function openNotice(
  user: IdentityDto | null,
  {
    path = "/feed",
    available = true,
    resend = { status: 202, body: { sent: true } },
  }: Options = {},
) {
  const { requests, queryClient } = renderWithApi(
    <>
      <VerifyEmailNotice />
      <Notices />
    </>,
    withMailStatus(available, (request) =>
      request.path === "/me" ? { status: 200, body: { user, profile: null } } : resend,
    ),
    { path },
  );
  return { requests, queryClient };
}

const notice = () => screen.findByRole("complementary", { name: "Email verification" });

describe("the unverified-email notice", () => {
  it("asks to verify and sends a new link on Resend", async () => {
    const { requests } = openNotice(ada);
    const shown = within(await notice());
    expect(shown.getByText("Please verify your email address.", { exact: false })).toBeTruthy();
    await userEvent.click(shown.getByRole("button", { name: "Resend" }));
    expect(await screen.findByText("Verification email sent.")).toBeTruthy();
    expect(requests.filter((request) => request.method === "POST")).toEqual([
      { method: "POST", path: "/auth/verify-email/resend", body: undefined },
    ]);
  });

  it("says why not when the server refuses", async () => {
    openNotice(ada, {
      resend: apiError(429, "too-many-requests", "Too many verification emails."),
    });
    await userEvent.click(within(await notice()).getByRole("button", { name: "Resend" }));
    expect(await screen.findByText("Too many verification emails.")).toBeTruthy();
  });

  it.each([
    ["a verified email", { ...ada, emailVerified: true }, "/feed"],
    ["the signed out", null, "/feed"],
    ["the page that verifies it", ada, "/verify-email"],
  ])("is not there for %s", async (_case, user, path) => {
    const { requests, queryClient } = openNotice(user, { path });
    await waitFor(() => expect(requests[0]?.path).toBe("/me"));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole("complementary")).toBeNull();
  });

  it("has no Resend when the server sends no mail, and says so", async () => {
    openNotice(ada, { available: false });
    const shown = within(await notice());
    await expectNoMailLine(shown);
    expect(shown.queryByRole("button", { name: "Resend" })).toBeNull();
  });
});
