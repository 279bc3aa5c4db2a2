import type { RateInput, ServiceInput } from "../../shared/service-details.ts";
import { badRequest } from "../http/app-error.ts";

/** A profile's service columns as stored. */
export type ServiceColumns = {
  rateKind: string | null;
  rateCents: number | null;
  rateUnit: string | null;
  availability: string[];
  travelKm: number | null;
  reach: string[];
  phone: string | null;
};

export const NO_SERVICE: ServiceColumns = {
  rateKind: null,
  rateCents: null,
  rateUnit: null,
  availability: [],
  travelKm: null,
  reach: [],
  phone: null,
};

function rateColumns(
  rate: RateInput | null,
): Pick<ServiceColumns, "rateKind" | "rateCents" | "rateUnit"> {
  if (rate === null) return { rateKind: null, rateCents: null, rateUnit: null };
  if (rate.kind !== "amount") return { rateKind: rate.kind, rateCents: null, rateUnit: null };
  return { rateKind: "amount", rateCents: Math.round(rate.amount * 100), rateUnit: rate.unit };
}

/**
 * The service columns after `input` (a field left out keeps its `current` value, null clears it);
 * 400 when the phone is offered as a way to reach the member but there is none.
 */
export function changedService(
  input: ServiceInput | undefined,
  current: ServiceColumns,
): ServiceColumns {
  // Only the service columns: `current` may be a whole profile row.
  const { rateKind, rateCents, rateUnit, availability, travelKm, reach, phone } = current;
  if (!input) return { rateKind, rateCents, rateUnit, availability, travelKm, reach, phone };
  const next: ServiceColumns = {
    ...(input.rate === undefined ? { rateKind, rateCents, rateUnit } : rateColumns(input.rate)),
    availability: input.availability === undefined ? availability : (input.availability ?? []),
    travelKm: input.travel_km === undefined ? travelKm : input.travel_km,
    reach: input.reach === undefined ? reach : (input.reach ?? []),
    phone: input.phone === undefined ? phone : input.phone,
  };
  if (next.reach.includes("phone") && next.phone === null) {
    throw badRequest("Add a phone number to be reached by phone.", {
      "service.phone": "Add a phone number to be reached by phone",
    });
  }
  return next;
}
