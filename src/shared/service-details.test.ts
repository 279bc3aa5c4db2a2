import { describe, expect, it } from "vitest";
import { currencyOfCountry, rateFromStored, rateText } from "./service-details.ts";

describe("service details' texts and currency (decision 030)", () => {
  it("derives the currency from the area's country, EUR for the eurozone, none when unknown", () => {
    expect(currencyOfCountry("GB")).toBe("GBP");
    expect(currencyOfCountry("fr")).toBe("EUR");
    expect(currencyOfCountry("CH")).toBe("CHF");
    expect(currencyOfCountry("US")).toBe("USD");
    expect(currencyOfCountry("AQ")).toBeNull();
    expect(currencyOfCountry(null)).toBeNull();
  });

  it("writes a rate as people say it", () => {
    expect(rateText({ kind: "amount", amount: 25, unit: "hour", currency: "GBP" })).toBe(
      "£25 per hour",
    );
    expect(rateText({ kind: "amount", amount: 12.5, unit: "job", currency: "EUR" })).toBe(
      "€12.50 per job",
    );
    expect(rateText({ kind: "amount", amount: 1200, unit: "hour", currency: null })).toBe(
      "1,200 per hour",
    );
    expect(rateText({ kind: "free" })).toBe("Free");
    expect(rateText({ kind: "swap" })).toBe("Swap");
  });

  it("reads a stored rate in cents, with none for an unset one", () => {
    expect(rateFromStored({ kind: "amount", cents: 1850, unit: "job", country: "IE" })).toEqual({
      kind: "amount",
      amount: 18.5,
      unit: "job",
      currency: "EUR",
    });
    expect(rateFromStored({ kind: null, cents: null, unit: null, country: "GB" })).toBeNull();
  });
});
