import { useState } from "react";
import type { Place } from "../../shared/places.ts";
import { PlaceCombobox, usePlace } from "../places/index.ts";

type Props = {
  /** The town the address names (`near`), by id. */
  near: number | undefined;
  onChange: (id: number | undefined) => void;
};

/**
 * The town a search or the public posts measure from (issue 33): the app's place picker, its
 * choice kept in the address as `near`, never in a cookie. A town named by a shared address shows
 * by its name once read (GET /api/places/:id).
 */
export function TownFilter({ near, onChange }: Props) {
  const named = usePlace(near);
  // The place just picked shows at once, before the address's town is read back.
  const [picked, setPicked] = useState<Place | null>(null);
  const value = near === undefined ? null : picked?.id === near ? picked : (named.data ?? null);
  return (
    <div className="filter filter-town">
      <PlaceCombobox
        label="Town"
        value={value}
        onChange={(place) => {
          setPicked(place);
          onChange(place?.id);
        }}
      />
    </div>
  );
}
