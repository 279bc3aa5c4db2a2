import type { ServiceInput } from "../../src/shared/service-details.ts";

/**
 * The demo members' service details (issue 32): most have some, a few none, so both looks show.
 * Phones are in the fictional 555 range.
 */
export const DEMO_SERVICES: Record<string, ServiceInput> = {
  ana_bakes: {
    rate: { kind: "amount", amount: 12, unit: "job" },
    availability: ["weekends"],
    travel_km: 5,
    reach: ["message"],
  },
  tom_fixes: {
    rate: { kind: "amount", amount: 25, unit: "hour" },
    availability: ["weekdays", "evenings"],
    travel_km: 15,
    reach: ["message", "phone"],
    phone: "01223 555 010",
  },
  priya_codes: {
    rate: { kind: "amount", amount: 40, unit: "hour" },
    availability: ["evenings", "weekends"],
    travel_km: 0,
    reach: ["message", "email"],
  },
  mateo_maths: {
    rate: { kind: "amount", amount: 18.5, unit: "hour" },
    availability: ["weekdays", "evenings"],
    travel_km: 10,
    reach: ["message"],
  },
  grace_draws: { rate: { kind: "swap" }, availability: ["weekends"], reach: ["message"] },
  olu_walks: {
    rate: { kind: "free" },
    availability: ["weekdays", "weekends"],
    travel_km: 8,
    reach: ["message", "phone"],
    phone: "+44 20 7946 0555",
  },
  hannah_sews: {
    rate: { kind: "amount", amount: 15, unit: "job" },
    availability: ["evenings"],
    travel_km: 20,
    reach: ["message", "email"],
  },
  sam_plumbing: {
    rate: { kind: "amount", amount: 45, unit: "hour" },
    availability: ["weekdays"],
    travel_km: 30,
    reach: ["phone", "message"],
    phone: "07700 900555",
  },
  wei_cooks: {
    rate: { kind: "amount", amount: 30, unit: "job" },
    availability: ["weekends"],
    travel_km: 12,
    reach: ["message"],
  },
  fatima_designs: { rate: { kind: "swap" }, availability: ["evenings"], reach: ["message"] },
};
