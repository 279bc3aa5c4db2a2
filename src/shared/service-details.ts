import { z } from "zod";

/*
 * Service details on a profile (issue 32): what a member charges, when they are free, how far they
 * travel and how to reach them. All optional; decision 030 has the currency and privacy rules.
 */

export const RATE_KINDS = ["free", "swap", "amount"] as const;
export type RateKind = (typeof RATE_KINDS)[number];
export const RATE_UNITS = ["hour", "job"] as const;
export type RateUnit = (typeof RATE_UNITS)[number];
export const RATE_AMOUNT_MAX = 100_000;

export const AVAILABILITY_OPTIONS = ["weekdays", "evenings", "weekends"] as const;
export type Availability = (typeof AVAILABILITY_OPTIONS)[number];

export const REACH_OPTIONS = ["message", "email", "phone"] as const;
export type ReachOption = (typeof REACH_OPTIONS)[number];

export const TRAVEL_KM_MAX = 200;
export const PHONE_PATTERN = /^[0-9 +()-]{6,20}$/;

const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A rate as written: free, swap, or an amount per hour or per job (the currency is the area's). */
export const rateInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("free") }),
    z.object({ kind: z.literal("swap") }),
    z.object({
      kind: z.literal("amount"),
      amount: z
        .number({ error: "Enter an amount" })
        .min(0, "The amount cannot be negative")
        .max(RATE_AMOUNT_MAX, `The amount must be at most ${RATE_AMOUNT_MAX}`)
        .refine(hasAtMostTwoDecimals, "Use at most two decimals"),
      unit: z.enum(RATE_UNITS, { error: "Choose per hour or per job" }),
    }),
  ],
  { error: `Choose one of ${RATE_KINDS.join(", ")}` },
);
export type RateInput = z.infer<typeof rateInputSchema>;

/** A rate as answered: an amount carries its currency (ISO 4217), null when the member has no area. */
export const rateSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("free") }),
  z.object({ kind: z.literal("swap") }),
  z.object({
    kind: z.literal("amount"),
    amount: z.number(),
    unit: z.enum(RATE_UNITS),
    currency: z.string().nullable(),
  }),
]);
export type Rate = z.infer<typeof rateSchema>;

function uniqueListOf<T extends string>(options: readonly [T, ...T[]], what: string) {
  return z
    .array(z.enum(options, { error: `Each ${what} must be one of ${options.join(", ")}` }))
    .max(options.length, `Choose at most ${options.length}`)
    .refine((values) => new Set(values).size === values.length, "Each option at most once");
}

/**
 * PUT /api/users/:username's `service`: each field left out keeps its value, null clears it (an
 * empty list for availability and reach).
 */
export const serviceInputSchema = z.object({
  rate: rateInputSchema.nullable().optional(),
  availability: uniqueListOf(AVAILABILITY_OPTIONS, "availability").nullable().optional(),
  travel_km: z
    .number({ error: "Enter a whole number of km" })
    .int("Enter a whole number of km")
    .min(0, "The distance cannot be negative")
    .max(TRAVEL_KM_MAX, `Travel at most ${TRAVEL_KM_MAX} km`)
    .nullable()
    .optional(),
  reach: uniqueListOf(REACH_OPTIONS, "way to reach you").nullable().optional(),
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, "Use 6 to 20 digits, spaces, +, - and brackets")
    .nullable()
    .optional(),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/**
 * A profile's service details as its viewer may see them: `phone` only to signed-in members when
 * the owner lists it as a way to reach them (always to the owner); `phone_hidden` says there is one
 * a signed-out visitor may not see. The email follows the profile's own email rule.
 */
export const serviceSchema = z.object({
  rate: rateSchema.nullable(),
  availability: z.array(z.enum(AVAILABILITY_OPTIONS)),
  travel_km: z.number().int().nullable(),
  reach: z.array(z.enum(REACH_OPTIONS)),
  phone: z.string().nullable(),
  phone_hidden: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

/** A profile without service details, as answered. */
export const NO_SERVICE_DETAILS: Service = {
  rate: null,
  availability: [],
  travel_km: null,
  reach: [],
  phone: null,
  phone_hidden: false,
};

/**
 * The currency of an area's country (ISO 3166-1 alpha-2 → ISO 4217) for the countries members live
 * in most; the eurozone shares EUR; null (no symbol shown) for a country not listed or no area.
 */
const EURO_COUNTRIES = new Set(
  "AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK".split(" "),
);
const CURRENCIES: Record<string, string> = {
  GB: "GBP",
  IM: "GBP",
  JE: "GBP",
  GG: "GBP",
  US: "USD",
  PR: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  CH: "CHF",
  LI: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  IS: "ISK",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  BG: "BGN",
  RU: "RUB",
  UA: "UAH",
  TR: "TRY",
  IN: "INR",
  JP: "JPY",
  CN: "CNY",
  KR: "KRW",
  BR: "BRL",
  MX: "MXN",
  AR: "ARS",
  ZA: "ZAR",
  NG: "NGN",
  KE: "KES",
  EG: "EGP",
  ID: "IDR",
  PH: "PHP",
  PK: "PKR",
  BD: "BDT",
  VN: "VND",
  TH: "THB",
  MY: "MYR",
  SG: "SGD",
  IL: "ILS",
  SA: "SAR",
  AE: "AED",
  CL: "CLP",
  CO: "COP",
  PE: "PEN",
  IR: "IRR",
  DZ: "DZD",
  MA: "MAD",
  RS: "RSD",
  BY: "BYN",
};

export function currencyOfCountry(country: string | null | undefined): string | null {
  if (!country) return null;
  const code = country.toUpperCase();
  return EURO_COUNTRIES.has(code) ? "EUR" : (CURRENCIES[code] ?? null);
}

/** A rate as stored (the amount in cents) with its member's area country, or null when unset. */
export type StoredRate = {
  kind: string | null;
  cents: number | null;
  unit: string | null;
  country: string | null;
};

/** A stored rate as answered: an amount with the currency of the area's country (decision 030). */
export function rateFromStored({ kind, cents, unit, country }: StoredRate): Rate | null {
  if (kind === "free" || kind === "swap") return { kind };
  if (kind !== "amount" || cents === null) return null;
  return {
    kind: "amount",
    amount: cents / 100,
    unit: unit === "job" ? "job" : "hour",
    currency: currencyOfCountry(country),
  };
}

const UNIT_TEXTS: Record<RateUnit, string> = { hour: "per hour", job: "per job" };

/** "£25 per hour", "€12.50 per job", "25 per hour" (no currency known), "Free", "Swap". */
export function rateText(rate: Rate): string {
  if (rate.kind === "free") return "Free";
  if (rate.kind === "swap") return "Swap";
  const whole = Number.isInteger(rate.amount);
  const options = { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 };
  const money = rate.currency
    ? new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency: rate.currency,
        ...options,
      }).format(rate.amount)
    : new Intl.NumberFormat("en-GB", options).format(rate.amount);
  return `${money} ${UNIT_TEXTS[rate.unit]}`;
}

export const AVAILABILITY_TEXTS: Record<Availability, string> = {
  weekdays: "Weekdays",
  evenings: "Evenings",
  weekends: "Weekends",
};

export const REACH_TEXTS: Record<ReachOption, string> = {
  message: "Message here",
  email: "Email (shown to members)",
  phone: "Phone (shown to members)",
};
