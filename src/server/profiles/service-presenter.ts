import type { PolicyActor } from "../../shared/policies.ts";
import {
  type Availability,
  type ReachOption,
  rateFromStored,
  type Service,
} from "../../shared/service-details.ts";

type ServiceFields = {
  rateKind: string | null;
  rateCents: number | null;
  rateUnit: string | null;
  areaCountry: string | null;
  username: string;
  availability: string[];
  travelKm: number | null;
  reach: string[];
  phone: string | null;
};

/**
 * The service details as `viewer` may see them: the phone only to signed-in members (a profile of
 * their own) when the owner lists it as a way to reach them, and always to the owner; signed-out
 * visitors never get it.
 */
export function presentService(row: ServiceFields, viewer: PolicyActor): Service {
  const reach = row.reach as ReachOption[];
  const owner = viewer?.username === row.username;
  const offered = row.phone !== null && reach.includes("phone");
  const phoneVisible = owner || (Boolean(viewer) && offered);
  return {
    rate: rateFromStored({
      kind: row.rateKind,
      cents: row.rateCents,
      unit: row.rateUnit,
      country: row.areaCountry,
    }),
    availability: row.availability as Availability[],
    travel_km: row.travelKm,
    reach,
    phone: phoneVisible ? row.phone : null,
    phone_hidden: !phoneVisible && offered,
  };
}
