import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field } from "./field.tsx";

afterEach(cleanup);

const description = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("Field", () => {
  it("labels its control and describes it by the hint", () => {
    render(
      <Field label="Username" hint="3 to 30 letters.">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Username");
    expect(description(input)).toBe("3 to 30 letters.");
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("marks the control invalid and describes it by the hint, then the error", () => {
    render(
      <Field label="Username" hint="3 to 30 letters." error="This username is already taken">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText("Username");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(description(input)).toBe("3 to 30 letters. | This username is already taken");
  });

  it("counts the characters in the hint's place", () => {
    render(
      <Field label="Bio" counter={{ length: 12, max: 1000 }}>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(description(screen.getByLabelText("Bio"))).toBe("12 / 1,000 characters");
  });

  it("is described by, and invalid with, a message about the whole form", () => {
    render(
      <>
        <Field label="Password" formErrorId="whole-form">
          {(control) => <input {...control} />}
        </Field>
        <p id="whole-form">Email or password was incorrect</p>
      </>,
    );
    const input = screen.getByLabelText("Password");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(description(input)).toBe("Email or password was incorrect");
  });

  it("names a group by its legend and describes the group by the error", () => {
    render(
      <Field kind="group" label="Skills" error="Choose at most 7 options">
        {() => (
          <label>
            <input type="checkbox" /> Plumber
          </label>
        )}
      </Field>,
    );
    const group = screen.getByRole("group", { name: "Skills" });
    expect(description(group)).toBe("Choose at most 7 options");
  });

  it("puts a checkbox's label beside it", () => {
    render(
      <Field kind="checkbox" label="Show my email" hint="Members only.">
        {(control) => <input {...control} type="checkbox" />}
      </Field>,
    );
    const checkbox = screen.getByRole("checkbox", { name: "Show my email" });
    expect(description(checkbox)).toBe("Members only.");
  });

  it("keeps a hidden label for screen readers", () => {
    render(
      <Field label="Message" hideLabel>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByText("Message").className).toBe("visually-hidden");
    expect(screen.getByRole("textbox", { name: "Message" })).toBeTruthy();
  });
});
