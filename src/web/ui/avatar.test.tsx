import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Avatar } from "./avatar.tsx";

afterEach(cleanup);

describe("Avatar", () => {
  it("generates a named initials avatar when there is no image", () => {
    render(<Avatar name="ada_lovelace" imageUrl={null} size={96} label="ada_lovelace's avatar" />);
    const avatar = screen.getByRole("img", { name: "ada_lovelace's avatar" });
    expect(avatar.tagName).toBe("SPAN");
    expect(avatar.textContent).toBe("AL");
    expect(avatar.style.width).toBe("96px");
  });

  it("shows the image when there is one", () => {
    render(<Avatar name="ada" imageUrl="/api/avatars/ada.svg" size={96} label="ada's avatar" />);
    const avatar = screen.getByRole("img", { name: "ada's avatar" });
    expect(avatar.getAttribute("src")).toBe("/api/avatars/ada.svg");
  });

  it("draws an uploaded photo's small size up to 64 px, the large one above", () => {
    const photo = (size: string) => `/api/photos/3f2b9c4e-8d1a-4e6f-9b7c-0a1b2c3d4e5f/${size}.webp`;
    render(<Avatar name="ada" imageUrl={photo("large")} size={40} label="in a list" />);
    render(<Avatar name="ada" imageUrl={photo("large")} size={96} label="on the profile" />);
    expect(screen.getByRole("img", { name: "in a list" }).getAttribute("src")).toBe(photo("small"));
    expect(screen.getByRole("img", { name: "on the profile" }).getAttribute("src")).toBe(
      photo("large"),
    );
  });

  it("falls back to the initials when the image fails to load", () => {
    render(<Avatar name="grace-hopper" imageUrl="/broken.png" size={36} label="Your avatar" />);
    fireEvent.error(screen.getByRole("img", { name: "Your avatar" }));
    expect(screen.getByRole("img", { name: "Your avatar" }).textContent).toBe("GH");
  });

  it("is hidden from screen readers without a label (the name is written beside it)", () => {
    const { container } = render(<Avatar name="linus" imageUrl={null} size={36} />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(container.firstElementChild?.getAttribute("aria-hidden")).toBe("true");
    expect(container.textContent).toBe("LI");
  });
});
