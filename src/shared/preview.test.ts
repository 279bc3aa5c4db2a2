import { describe, expect, it } from "vitest";
import { characters, previewBody } from "./preview.ts";

const ascii = (n: number) => "abcdefghij".repeat(10).slice(0, n);

describe("previewBody (SPEC §9: over 50 characters → first 25 plus '...')", () => {
  it("keeps a 49-character body whole", () => {
    expect(previewBody(ascii(49))).toBe(ascii(49));
  });

  it("keeps a 50-character body whole", () => {
    expect(previewBody(ascii(50))).toBe(ascii(50));
  });

  it("cuts a 51-character body to 25 characters plus '...'", () => {
    expect(previewBody(ascii(51))).toBe(`${ascii(25)}...`);
  });

  it("keeps short and empty bodies as they are", () => {
    expect(previewBody("")).toBe("");
    expect(previewBody("Fix my sink")).toBe("Fix my sink");
  });

  it("counts an emoji as one character, not as two UTF-16 units", () => {
    // 50 emoji are 100 UTF-16 units but 50 characters: shown whole.
    const fifty = "😀".repeat(50);
    expect(fifty.length).toBe(100);
    expect(previewBody(fifty)).toBe(fifty);
    // 51 emoji: 25 whole emoji, never half a surrogate pair.
    expect(previewBody("😀".repeat(51))).toBe(`${"😀".repeat(25)}...`);
  });

  it("never splits an emoji sequence (ZWJ family, skin tone, flag)", () => {
    const family = "👩‍👩‍👧";
    const thumbs = "👍🏽";
    const flag = "🇵🇹";
    const body = `${"a".repeat(24)}${family}${thumbs}${flag}${"b".repeat(30)}`;
    expect(previewBody(body)).toBe(`${"a".repeat(24)}${family}...`);
    const body2 = `${"a".repeat(23)}${thumbs}${flag}${"b".repeat(30)}`;
    expect(previewBody(body2)).toBe(`${"a".repeat(23)}${thumbs}${flag}...`);
  });

  it("counts accented letters as one character, precomposed or combining", () => {
    const precomposed = "é".repeat(51); // U+00E9
    expect(previewBody(precomposed)).toBe(`${"é".repeat(25)}...`);
    const combining = "e\u0301".repeat(51); // e + COMBINING ACUTE ACCENT
    expect(combining.length).toBe(102);
    expect(previewBody(combining)).toBe(`${"e\u0301".repeat(25)}...`);
    expect(previewBody("e\u0301".repeat(50))).toBe("e\u0301".repeat(50));
  });

  it("handles text in other scripts", () => {
    const greek = "Καλημέρα σας, ψάχνω έναν υδραυλικό για το μπάνιο μου σήμερα";
    expect(characters(greek).length).toBeGreaterThan(50);
    expect(previewBody(greek)).toBe(`${Array.from(greek).slice(0, 25).join("")}...`);
  });
});
