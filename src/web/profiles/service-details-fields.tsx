import type { FieldValues, Path } from "react-hook-form";
import {
  AVAILABILITY_OPTIONS,
  AVAILABILITY_TEXTS,
  RATE_AMOUNT_MAX,
  REACH_OPTIONS,
  REACH_TEXTS,
  TRAVEL_KM_MAX,
} from "../../shared/service-details.ts";
import { Field } from "../ui/field.tsx";
import type { AnyForm } from "../ui/form-errors.ts";

const RATE_CHOICES = [
  { value: "none", label: "Not said" },
  { value: "free", label: "Free" },
  { value: "swap", label: "Swap" },
  { value: "amount", label: "An amount" },
] as const;

const emptyIsUndefined = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);

/**
 * The profile form's Service details (issue 32): rate, availability, how far the member travels
 * and how to reach them, with a phone number; registered under `service` (service-form.ts).
 */
export function ServiceDetailsFields<T extends FieldValues>({
  form,
  currency,
}: {
  form: AnyForm<T>;
  /** The currency of the member's area (ISO 4217), null when they have none. */
  currency: string | null;
}) {
  // Fields of T by the form's `service` (ServiceFormValues), which Path<T> cannot see through.
  const path = (name: string) => `service.${name}` as Path<T>;
  const errorOf = (name: string) => form.getFieldState(path(name), form.formState).error?.message;
  const serviceError = form.getFieldState("service" as Path<T>, form.formState).error?.message;
  const kind = form.watch(path("rate.kind"));
  return (
    <fieldset className="service-fields">
      <legend>Service details</legend>
      {serviceError && (
        <p className="field-error" role="alert">
          {serviceError}
        </p>
      )}
      <Field kind="radios" label="Rate" error={errorOf("rate.kind")}>
        {() => (
          <div className="radio-row">
            {RATE_CHOICES.map(({ value, label }) => (
              <label key={value}>
                <input type="radio" value={value} {...form.register(path("rate.kind"))} />
                {label}
              </label>
            ))}
          </div>
        )}
      </Field>
      {kind === "amount" && (
        <div className="service-amount">
          <Field
            label={currency ? `Amount (${currency})` : "Amount"}
            hint={currency ? undefined : "Choose your area to show its currency."}
            error={errorOf("rate.amount")}
          >
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="decimal"
                min={0}
                max={RATE_AMOUNT_MAX}
                step="0.01"
                {...form.register(path("rate.amount"), { setValueAs: emptyIsUndefined })}
              />
            )}
          </Field>
          <Field label="Per" error={errorOf("rate.unit")}>
            {(control) => (
              <select {...control} {...form.register(path("rate.unit"))}>
                <option value="hour">per hour</option>
                <option value="job">per job</option>
              </select>
            )}
          </Field>
        </div>
      )}
      <Field kind="group" label="Availability" error={errorOf("availability")}>
        {() => (
          <div className="checkbox-grid">
            {AVAILABILITY_OPTIONS.map((option) => (
              <label key={option}>
                <input type="checkbox" value={option} {...form.register(path("availability"))} />
                {AVAILABILITY_TEXTS[option]}
              </label>
            ))}
          </div>
        )}
      </Field>
      <Field label="How far I travel (km)" error={errorOf("travel_km")}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={TRAVEL_KM_MAX}
            step="1"
            {...form.register(path("travel_km"), { setValueAs: emptyIsUndefined })}
          />
        )}
      </Field>
      <Field
        kind="group"
        label="How to reach me"
        hint="Signed-out visitors never see your email or phone; members see your email only with the choice below."
        error={errorOf("reach")}
      >
        {() => (
          <div className="checkbox-grid">
            {REACH_OPTIONS.map((option) => (
              <label key={option}>
                <input type="checkbox" value={option} {...form.register(path("reach"))} />
                {REACH_TEXTS[option]}
              </label>
            ))}
          </div>
        )}
      </Field>
      <Field label="Phone" error={errorOf("phone")}>
        {(control) => (
          <input {...control} type="tel" autoComplete="tel" {...form.register(path("phone"))} />
        )}
      </Field>
    </fieldset>
  );
}
