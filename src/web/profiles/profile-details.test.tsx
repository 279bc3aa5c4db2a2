import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initialsOf } from "../../shared/avatar.ts";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { Avatar } from "./avatar.tsx";
import { capitalise } from "./display-name.ts";
import { ProfileDetails } from "./profile-details.tsx";
import { RatingSummary } from "./rating-summary.tsx";

afterEach(cleanup);

const empty: ProfileDetail = {
  username: "ada",
  email: null,
  img_url: null,
  bio: "",
  skills: [],
  interests: [],
  review_count: 0,
  average_rating: null,
};

const section = (name: string) => screen.getByRole("region", { name });

describe("ProfileDetails", () => {
  it("shows the spec's texts for every empty value", () => {
    render(<ProfileDetails profile={empty} />);
    expect(within(section("Bio")).getByText("Bio Empty")).toBeTruthy();
    expect(within(section("Contact Information")).getByText("Email: No Email")).toBeTruthy();
    expect(within(section("Skills")).getByText("No Skills Selected")).toBeTruthy();
    expect(within(section("Interests")).getByText("No Interests Selected")).toBeTruthy();
  });

  it("shows the values when there are some", () => {
    render(
      <ProfileDetails
        profile={{
          ...empty,
          email: "ada@example.test",
          bio: "Engines.",
          skills: ["Math Teacher", "Plumber"],
          interests: ["Tour Guide"],
        }}
      />,
    );
    expect(within(section("Bio")).getByText("Engines.")).toBeTruthy();
    const contact = section("Contact Information");
    expect(contact.textContent).toBe("Contact InformationEmail: ada@example.test");
    expect(within(contact).getByRole("link").getAttribute("href")).toBe("mailto:ada@example.test");
    const skills = within(section("Skills")).getAllByRole("listitem");
    expect(skills.map((li) => li.textContent)).toEqual(["Math Teacher", "Plumber"]);
    expect(within(section("Interests")).getByText("Tour Guide")).toBeTruthy();
    expect(screen.queryByText(/Empty|No Email|Selected/)).toBeNull();
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

describe("Avatar", () => {
  it("generates an initials avatar when there is no image", () => {
    render(<Avatar username="ada_lovelace" imgUrl={null} />);
    const avatar = screen.getByRole("img", { name: "ada_lovelace's avatar" });
    expect(avatar.tagName).toBe("SPAN");
    expect(avatar.textContent).toBe("AL");
  });

  it("shows the image when there is one", () => {
    render(<Avatar username="ada" imgUrl="/api/avatars/ada.svg" />);
    const avatar = screen.getByRole("img", { name: "ada's avatar" });
    expect(avatar.getAttribute("src")).toBe("/api/avatars/ada.svg");
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
