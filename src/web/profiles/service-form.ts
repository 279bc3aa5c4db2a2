import { z } from "zod";
import type { ProfileDetail } from "../../shared/profiles.ts";
import { type ServiceInput, serviceInputSchema } from "../../shared/service-details.ts";

/**
 * The Service details fieldset's values: the rate's kind as a radio ("none" for no rate), the
 * amount and distance as typed (undefined when empty), the phone as typed.
 */
export type ServiceFormValues = {
  rate: { kind: "none" | "free" | "swap" | "amount"; amount?: number | undefined; unit: string };
  availability: string[];
  travel_km?: number | undefined;
  reach: string[];
  phone: string;
};

export function serviceFormValuesOf({ service }: ProfileDetail): ServiceFormValues {
  const rate = service.rate;
  return {
    rate: {
      kind: rate?.kind ?? "none",
      amount: rate?.kind === "amount" ? rate.amount : undefined,
      unit: rate?.kind === "amount" ? rate.unit : "hour",
    },
    availability: service.availability,
    travel_km: service.travel_km ?? undefined,
    reach: service.reach,
    phone: service.phone ?? "",
  };
}

/** The fieldset's values as the request's `service` (every field: the form shows them all). */
function serviceInputOf(values: unknown): unknown {
  const form = values as ServiceFormValues;
  const { kind, amount, unit } = form.rate;
  const number = (value: unknown) =>
    value === undefined || value === "" || Number.isNaN(value) ? null : value;
  return {
    rate:
      kind === "none"
        ? null
        : kind === "amount"
          ? { kind, amount: number(amount) ?? undefined, unit }
          : { kind },
    availability: form.availability || [],
    travel_km: number(form.travel_km),
    reach: form.reach || [],
    phone: form.phone.trim() === "" ? null : form.phone,
  };
}

/**
 * The server's own schema over the form's values, which checks besides what the server checks
 * against the stored profile: a phone offered as a way to reach the member needs a number.
 */
export const serviceFormSchema = z.preprocess(
  serviceInputOf,
  serviceInputSchema.superRefine((service: ServiceInput, ctx) => {
    if (service.reach?.includes("phone") && !service.phone) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: "Add a phone number to be reached by phone",
      });
    }
  }),
);
