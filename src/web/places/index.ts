// What other features use of places (issue 18): the area autocomplete as a form field, the
// combobox itself, and a post's or member's town with its distance.
export { usePlace } from "./api/get-place.ts";
export { AreaField } from "./area-field.tsx";
export { AreaText } from "./area-text.tsx";
export { type ChosenPlace, PlaceCombobox } from "./place-combobox.tsx";
