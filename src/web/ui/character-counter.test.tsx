import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CharacterCounter, overLimitMessage } from "./character-counter.tsx";
import { Field } from "./field.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const spoken = () => screen.getByRole("status").textContent;

describe("CharacterCounter", () => {
  it("shows the count against the limit, with thousands marked", () => {
    render(<CharacterCounter id="c" length={812} max={1000} />);
    expect(document.getElementById("c")?.textContent).toBe("812 / 1,000 characters");
  });

  it("says nothing to screen readers far from the limit", () => {
    render(<CharacterCounter id="c" length={100} max={1000} />);
    act(() => vi.advanceTimersByTime(5000));
    expect(spoken()).toBe("");
  });

  it("near the limit, says what is left once typing pauses, not on every keystroke", () => {
    const { rerender } = render(<CharacterCounter id="c" length={950} max={1000} />);
    act(() => vi.advanceTimersByTime(500));
    rerender(<CharacterCounter id="c" length={951} max={1000} />);
    act(() => vi.advanceTimersByTime(500));
    expect(spoken()).toBe("");
    act(() => vi.advanceTimersByTime(500));
    expect(spoken()).toBe("49 characters left");
    rerender(<CharacterCounter id="c" length={1001} max={1000} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(spoken()).toBe("1 character too many");
  });

  it("words the error over the limit, and none within it", () => {
    expect(overLimitMessage(1000, 1000)).toBeUndefined();
    expect(overLimitMessage(1002, 1000)).toBe("2 characters too many");
    expect(overLimitMessage(3500, 2000)).toBe("1,500 characters too many");
  });
});

describe("Field with a counter", () => {
  it("is in error at once over the limit, before any submit, and says by how much", () => {
    render(
      <Field label="Bio" counter={{ length: 1003, max: 1000 }}>
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const bio = screen.getByLabelText("Bio");
    expect(bio.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("3 characters too many")).toBeTruthy();
  });

  it("shows a submit's message in place of its own: one message per error", () => {
    render(
      <Field
        label="Bio"
        counter={{ length: 1003, max: 1000 }}
        error="Bio must be at most 1000 characters"
      >
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(screen.queryByText("3 characters too many")).toBeNull();
    expect(screen.getByText("Bio must be at most 1000 characters")).toBeTruthy();
  });
});
