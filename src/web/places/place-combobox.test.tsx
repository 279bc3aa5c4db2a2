import { act, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  areaOf,
  CAMBORNE,
  CAMBRIDGE,
  CAMBRIDGE_MA,
  placeQueries,
  placesAnswer,
} from "../../../test/harness/web/places.ts";
import { descriptionOf, renderWithApi } from "../../../test/harness/web/render-with-app.tsx";
import type { Place } from "../../shared/places.ts";
import { type ChosenPlace, PlaceCombobox } from "./place-combobox.tsx";

/** The combobox in a form as a screen holds it: the choice in state, each change reported. */
function openCombobox(initial: ChosenPlace | null = null) {
  const onChange = vi.fn<(place: Place | null) => void>();
  function Holder() {
    const [value, setValue] = useState<ChosenPlace | null>(initial);
    return (
      <form aria-label="Where">
        <PlaceCombobox
          label="Area"
          hint="Your town."
          value={value}
          onChange={(place) => {
            onChange(place);
            setValue(place);
          }}
        />
        <button type="button">Elsewhere</button>
      </form>
    );
  }
  const { requests } = renderWithApi(
    <Holder />,
    (request) => placesAnswer(request) ?? { status: 404 },
  );
  const input = screen.getByRole("combobox", { name: "Area" });
  return { requests, onChange, input };
}

const listbox = () => document.querySelector('[role="listbox"][aria-label="Area suggestions"]');
const optionNames = () => screen.queryAllByRole("option").map((option) => option.textContent ?? "");

describe("the place combobox", () => {
  it("asks for places once typing pauses, from two letters on, and lists them by label", async () => {
    const { requests, input } = openCombobox();
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-autocomplete")).toBe("list");
    expect(input.getAttribute("aria-controls")).toBe(listbox()?.id);
    expect(descriptionOf(input)).toBe("Your town.");

    await userEvent.type(input, "c");
    expect(await screen.findByText("Type at least 2 letters of your town's name.")).toBeTruthy();
    await userEvent.type(input, "amb");
    await waitFor(() => expect(input.getAttribute("aria-expanded")).toBe("true"));
    expect(optionNames()).toEqual(["Cambridge, ENG, GB", "Cambridge, MA, US", "Camborne, ENG, GB"]);
    // One request for the word, not one per key.
    expect(placeQueries(requests)).toEqual(["camb"]);
    expect(screen.getByRole("status").textContent).toBe(
      "3 places found: choose with the arrow keys and Enter.",
    );
  });

  it("moves through the suggestions with the arrow keys and takes one with Enter", async () => {
    const { onChange, input } = openCombobox();
    await userEvent.type(input, "Camb");
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    const options = screen.getAllByRole("option");
    // The first suggestion is active at once (list autocomplete with automatic selection).
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
    await userEvent.keyboard("{ArrowDown}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[2]?.id);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(CAMBRIDGE_MA);
    expect(input).toHaveProperty("value", "Cambridge, MA, US");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-activedescendant")).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it("takes a suggestion by a click, and Escape closes the list without choosing", async () => {
    const { onChange, input } = openCombobox();
    await userEvent.type(input, "Camb");
    await waitFor(() => expect(input.getAttribute("aria-expanded")).toBe("true"));
    await userEvent.keyboard("{Escape}");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard("{ArrowDown}");
    await waitFor(() => expect(input.getAttribute("aria-expanded")).toBe("true"));
    await userEvent.click(screen.getByRole("option", { name: "Camborne, ENG, GB" }));
    expect(onChange).toHaveBeenLastCalledWith(CAMBORNE);
    expect(input).toHaveProperty("value", "Camborne, ENG, GB");
    expect(document.activeElement).toBe(input);
  });

  it("says so when no town starts with the text", async () => {
    const { input } = openCombobox();
    await userEvent.type(input, "Zzz");
    expect(await screen.findByText('No town starts with "Zzz".')).toBeTruthy();
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("starts from a stored area; leaving half-typed text puts the chosen town back", async () => {
    const { onChange, input } = openCombobox(areaOf(CAMBRIDGE));
    expect(input).toHaveProperty("value", "Cambridge, GB");
    await userEvent.clear(input);
    await userEvent.type(input, "Ca");
    await userEvent.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(input).toHaveProperty("value", "Cambridge, GB");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("clears the choice with Clear, or by leaving the field empty", async () => {
    const { onChange, input } = openCombobox(areaOf(CAMBRIDGE));
    await userEvent.click(screen.getByRole("button", { name: "Clear Area" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveProperty("value", "");
    expect(screen.queryByRole("button", { name: "Clear Area" })).toBeNull();

    await userEvent.type(input, "Camb");
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    await userEvent.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(CAMBRIDGE);
    await userEvent.clear(input);
    await act(() => input.blur());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
