import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { profileDetailOf } from "../../../test/harness/web/members.ts";
import { initialsOf } from "../../shared/avatar.ts";
import type { ProfileDetail } from "../../shared/profiles.ts";
import type { ContactViewer } from "./contact-information.tsx";
import { capitalise } from "./display-name.ts";
import { ProfileDetails } from "./profile-details.tsx";
import { RatingSummary } from "./rating-summary.tsx";

afterEach(cleanup);

const empty: ProfileDetail = profileDetailOf("ada");

const section = (name: string) => screen.getByRole("region", { name });

describe("ProfileDetails", () => {
  it("shows the spec's texts for every empty value", () => {
    render(<ProfileDetails profile={empty} />);
    expect(within(section("Bio")).getByText("Bio Empty")).toBeTruthy();
    expect(within(section("Contact Information")).getByText("Email: No Email")).toBeTruthy();
    expect(within(section("Skills")).getByText("No Skills Selected")).toBeTruthy();
    expect(within(section("Interests")).getByText("No Interests Selected")).toBeTruthy();
  });

  it("shows the values when there are some; skills lead to the people who have them", () => {
    render(
      <MemoryRouter>
        <ProfileDetails
          profile={{
            ...empty,
            email: "ada@example.test",
            bio: "Engines.",
            skills: ["Math Teacher", "Plumber"],
            interests: ["Tour Guide"],
          }}
        />
      </MemoryRouter>,
    );
    expect(within(section("Bio")).getByText("Engines.")).toBeTruthy();
    const contact = section("Contact Information");
    expect(contact.textContent).toBe("Contact InformationEmail: ada@example.test");
    expect(within(contact).getByRole("link").getAttribute("href")).toBe("mailto:ada@example.test");
    const skills = within(section("Skills")).getAllByRole("listitem");
    expect(skills.map((li) => li.textContent)).toEqual(["Math Teacher", "Plumber"]);
    const links = within(section("Skills")).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/search?skill=Math%20Teacher",
      "/search?skill=Plumber",
    ]);
    expect(within(section("Interests")).getByText("Tour Guide")).toBeTruthy();
    expect(within(section("Interests")).queryByRole("link")).toBeNull();
    expect(screen.queryByText(/Empty|No Email|Selected/)).toBeNull();
  });
});

describe("ProfileDetails' contact information", () => {
  const contactOf = (profile: ProfileDetail, viewer: ContactViewer, ownEmailVerified = true) => {
    render(
      <MemoryRouter>
        <ProfileDetails profile={profile} viewer={viewer} ownEmailVerified={ownEmailVerified} />
      </MemoryRouter>,
    );
    return section("Contact Information");
  };
  const hiddenEmail = { ...empty, email: null, email_hidden: true };

  it("tells a signed-out visitor the email is hidden and to sign in to contact the person", () => {
    const contact = contactOf(hiddenEmail, "signed-out");
    expect(contact.textContent).toBe("Contact InformationEmail: hiddenSign in to contact ada.");
    // Back to this page once signed in (issue 20).
    expect(within(contact).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/login?next=%2F",
    );
    expect(within(contact).queryByText(/No Email/)).toBeNull();
  });

  it("offers a member the chat when the email is hidden", () => {
    const contact = contactOf(hiddenEmail, "member");
    expect(within(contact).getByText("Email: hidden")).toBeTruthy();
    const chat = within(contact).getByRole("link", { name: "Chat to ada" });
    expect(chat.getAttribute("href")).toBe("/chatapp?with=ada");
  });

  it("sends a signed-in identity without a profile to create one first", () => {
    const contact = contactOf(hiddenEmail, "no-profile");
    expect(contact.textContent).toBe(
      "Contact InformationEmail: hiddenCreate your profile to contact ada.",
    );
    expect(within(contact).getByRole("link").getAttribute("href")).toBe("/createYourUser");
  });

  it("keeps 'Email: No Email' for a profile without one, whoever looks", () => {
    for (const viewer of ["signed-out", "member"] as const) {
      const contact = contactOf(empty, viewer);
      expect(contact.textContent).toBe("Contact InformationEmail: No Email");
      cleanup();
    }
  });

  it("shows the owner their own email and who else can see it", () => {
    const own = { ...empty, email: "ada@example.test", show_email: false };
    expect(contactOf(own, "member").textContent).toBe(
      "Contact InformationEmail: ada@example.testOnly you can see your email.",
    );
    cleanup();
    expect(contactOf({ ...own, show_email: true }, "member").textContent).toBe(
      "Contact InformationEmail: ada@example.testSigned-in members can see your email.",
    );
    cleanup();
    expect(contactOf({ ...own, show_email: true }, "member", false).textContent).toBe(
      "Contact InformationEmail: ada@example.testSigned-in members will see your email once you verify it.",
    );
  });
});

describe("RatingSummary", () => {
  it("says when there is no rating yet", () => {
    render(<RatingSummary average={null} count={0} />);
    expect(screen.getByText("Not rated yet")).toBeTruthy();
  });

  it("shows the average to one decimal with the count", () => {
    const { container, rerender } = render(<RatingSummary average={4} count={1} />);
    expect(container.textContent).toContain("Average rating: 4.0 / 5 from 1 review");
    rerender(<RatingSummary average={4.3} count={3} />);
    expect(container.textContent).toContain("Average rating: 4.3 / 5 from 3 reviews");
  });
});

describe("display names", () => {
  it("capitalises the first letter only", () => {
    expect(capitalise("ada_lovelace")).toBe("Ada_lovelace");
    expect(capitalise("9lives")).toBe("9lives");
  });

  it("takes two initials from the name's parts, else its first two letters", () => {
    expect(initialsOf("grace-hopper")).toBe("GH");
    expect(initialsOf("linus")).toBe("LI");
    expect(initialsOf("a")).toBe("A");
  });
});
