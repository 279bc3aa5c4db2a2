import { act, renderHook } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client.ts";
import { formErrorOf, setApiFieldErrors, setFormError } from "./form-errors.ts";

function useProfileForm() {
  const form = useForm({
    defaultValues: { username: "", skills: [] as string[], interests: [] as string[] },
  });
  void form.formState.errors; // read while rendering, as a form does, so errors re-render
  return form;
}

describe("setApiFieldErrors", () => {
  it("puts each field's first message on its top-level field, leaving out names the form lacks", () => {
    const { result } = renderHook(useProfileForm);
    const refusal = new ApiError(400, "invalid-input", "Please check your input.", {
      "skills.1": "Item 2 is not one of the options",
      "skills.3": "Item 4 is listed twice",
      username: "This username is already taken",
      created_about: "Say who the review is about",
    });
    let shown = false;
    act(() => {
      shown = setApiFieldErrors(result.current, refusal);
    });
    expect(shown).toBe(true);
    const { errors } = result.current.formState;
    expect(errors.skills?.message).toBe("Item 2 is not one of the options");
    expect(errors.username?.message).toBe("This username is already taken");
    expect(errors.interests).toBeUndefined();
    expect(Object.keys(errors)).not.toContain("created_about");
  });

  it("shows nothing for a failure without field messages, so the caller speaks for the form", () => {
    const { result } = renderHook(useProfileForm);
    for (const failure of [
      new ApiError(0, "network", "Cannot reach the server."),
      new ApiError(400, "invalid-input", "Bad", { pausedUntil: "2030-01-01T00:00:00Z" }),
      new Error("boom"),
    ]) {
      act(() => {
        expect(setApiFieldErrors(result.current, failure)).toBe(false);
      });
    }
    expect(result.current.formState.errors).toEqual({});
  });

  it("keeps a message about the whole form apart from the fields", () => {
    const { result } = renderHook(useProfileForm);
    expect(formErrorOf(result.current)).toBeUndefined();
    act(() => setFormError(result.current, "Cannot reach the server."));
    expect(formErrorOf(result.current)).toBe("Cannot reach the server.");
  });
});
