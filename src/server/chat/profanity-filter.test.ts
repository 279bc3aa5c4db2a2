import { describe, expect, it } from "vitest";
import { maskProfanity } from "./profanity-filter.ts";

const masked = (text: string): string => maskProfanity(`before ${text} after`);
const stars = (n: number): string => `before ${"*".repeat(n)} after`;

describe("maskProfanity masks", () => {
  it.each([
    "fuck",
    "shit",
    "cunt",
    "bitch",
    "asshole",
    "wanker",
    "bollocks",
    "fucking",
    "fucker",
    "motherfucker",
    "bullshit",
    "bastards",
  ])("the English word %s by its length", (word) => {
    expect(masked(word)).toBe(stars(word.length));
  });

  it.each(["SHIT", "Shit", "FuCk", "ASSHOLE"])("upper and mixed case: %s", (word) => {
    expect(masked(word)).toBe(stars(word.length));
  });

  it.each([
    "sh1t",
    "sh!t",
    "$hit",
    "b1tch",
    "a$$hole",
    "fuuuuuck",
    "shiiiit",
    "ｆｕｃｋ", // full-width letters
    "fuсk", // Cyrillic "с"
  ])("the disguise %s", (word) => {
    expect(masked(word)).toBe(stars([...word].length));
  });

  it.each([
    ["zero-width space inside", "fu\u200Bck", 4],
    ["soft hyphen inside", "sh\u00ADit", 4],
    ["bidi override inside", "sh\u202Eit", 4],
    ["circled letters", "ⓕⓤⓒⓚ", 4],
    ["circled capitals", "ⓈⒽⒾⓉ", 4],
    ["negative circled letters", "🅕🅤🅒🅚", 4],
    ["squared letters", "🄵🅄🄲🄺", 4],
    ["full-width letters with a zero-width joiner", "ｓｈ\u200Dｉｔ", 4],
    ["a digit suffix", "shit123", 7],
    ["a digit suffix after leetspeak", "sh1t2", 5],
    ["a doubled word", "fuckfuck", 8],
    ["a tripled word", "ShitShitShit", 12],
    ["a star for a letter", "f*ck", 4],
    ["two stars", "f**k", 4],
    ["a star in another word", "sh*t", 4],
  ])("the bypass: %s (%s)", (_how, word, length) => {
    expect(masked(word)).toBe(stars(length));
  });

  it("letters spelled out with slashes, pipes and backslashes", () => {
    expect(maskProfanity("s/h/i/t happens")).toBe("******* happens");
    expect(maskProfanity("f|u|c|k")).toBe("*******");
    expect(maskProfanity("f\\u\\c\\k")).toBe("*******");
  });

  it("two words joined by a star each count on their own", () => {
    expect(maskProfanity("shit*hello")).toBe("****" + "*hello");
  });

  it("letters spelled out one by one, separators included", () => {
    expect(maskProfanity("what the f u c k is this")).toBe("what the ******* is this");
    expect(maskProfanity("s.h.i.t happens")).toBe("******* happens");
  });

  it.each([
    ["German", "Arschloch"],
    ["German", "Scheiße"],
    ["German", "Scheisse"],
    ["German", "Fotze"],
    ["French", "connard"],
    ["French", "putain"],
    ["French", "salope"],
    ["French", "enculé"],
    ["Spanish", "mierda"],
    ["Spanish", "puta"],
    ["Spanish", "cabrón"],
    ["Spanish", "cabron"],
    ["Spanish", "gilipollas"],
    ["Italian", "cazzo"],
    ["Portuguese", "caralho"],
    ["Polish", "kurwa"],
    ["Russian", "блядь"],
  ])("%s: %s", (_language, word) => {
    expect(masked(word)).toBe(stars([...word].length));
  });

  it("words next to punctuation, keeping the punctuation", () => {
    expect(maskProfanity("shit!")).toBe("****!");
    expect(maskProfanity("Shit! You fucker.")).toBe("****! You ******.");
    expect(maskProfanity("(shit), 'fuck'; \"cunt\"?")).toBe("(****), '****'; \"****\"?");
    expect(maskProfanity("shit's on")).toBe("****'s on");
    expect(maskProfanity("FUCK-off")).toBe("****-off");
  });

  it("each of several words in a sentence", () => {
    expect(maskProfanity("Du Arschloch, quel connard, qué mierda")).toBe(
      "Du *********, quel *******, qué ******",
    );
  });
});

describe("maskProfanity leaves alone", () => {
  it("numbers, even ones that read as leetspeak", () => {
    for (const text of ["I got 455 points", "room 717", "call 5 4 5 5", "55 + 1 = 56"]) {
      expect(maskProfanity(text)).toBe(text);
    }
  });

  describe.each([
    [
      "English words",
      [
        "Scunthorpe",
        "assessment",
        "assess",
        "class",
        "classic",
        "skill",
        "cocktail",
        "cockpit",
        "peacock",
        "grape",
        "Dickens",
        "shiitake",
        "shitake",
        "Sussex",
        "Penistone",
        "button",
        "assume",
        "assassin",
        "analysis",
        "therapist",
        "cumulative",
        "circumstances",
        "Hancock",
        "pussycat",
        "Matsushita",
        "trafficking",
        "assortment",
        "cumin",
        "hello",
      ],
    ],
    [
      "innocent words in the new disguises",
      [
        "class101",
        "Scunthorpe2024",
        "pass123",
        "mahimahi",
        "bonbon",
        "cancan",
        "2*3",
        "a*b",
        "x*y",
        "kiss*hug",
        "and/or",
        "w/o",
        "a/b/c",
        "ⓗⓔⓛⓛⓞ",
        "🅰🅱🅲",
        "clas\u200Bsic",
      ],
    ],
    [
      "everyday words in other languages",
      [
        "bitte",
        "nicht",
        "Kanal",
        "Abo",
        "bite",
        "con",
        "pédale",
        "negro",
        "cul-de-sac",
        "kung fu",
        "la concha",
      ],
    ],
  ])("%s", (_group, words) => {
    it.each(words)("%s", (word) => {
      expect(masked(word)).toBe(`before ${word} after`);
    });
  });

  it("the text around a masked word, byte for byte", () => {
    const text = "  Hello,\tworld! 🙂 that was\nshit… really — «shit» ";
    expect(maskProfanity(text)).toBe("  Hello,\tworld! 🙂 that was\n****… really — «****» ");
  });

  it("clean text, single letters and numbers", () => {
    for (const text of ["Good game, well played!", "a b c d e", "I a m ok", "1337 450 8008"]) {
      expect(maskProfanity(text)).toBe(text);
    }
  });
});

describe("maskProfanity on any string", () => {
  it("returns the empty string for the empty string", () => {
    expect(maskProfanity("")).toBe("");
  });

  it("keeps emoji whole and counts visible characters", () => {
    expect(maskProfanity("👨‍👩‍👧 fuck 👍🏽")).toBe("👨‍👩‍👧 **** 👍🏽");
    expect(maskProfanity("𝐟𝐮𝐜𝐤 you")).toBe("**** you"); // 4 characters, 8 UTF-16 units
    expect(maskProfanity("fück")).toBe("****");
  });

  it("does not throw on lone surrogates or control characters", () => {
    expect(maskProfanity("\uD800fuck\uDC00")).toBe("\uD800****\uDC00");
    expect(maskProfanity("\u0000\u200B\uFFFF")).toBe("\u0000\u200B\uFFFF");
  });

  it("handles 2,000 characters quickly", () => {
    const text = "Scunthorpe fuck you 🙂 ".repeat(100).slice(0, 2000);
    const started = performance.now();
    const result = maskProfanity(text);
    expect(performance.now() - started).toBeLessThan(200);
    expect(result).toHaveLength(2000);
    expect(result).not.toContain("fuck");
    expect(result).toContain("Scunthorpe **** you 🙂");
  });

  it("handles 2,000 random UTF-16 units and 2,000 spelled-out letters", () => {
    let seed = 7;
    const random = Array.from({ length: 2000 }, () => {
      seed = (seed * 48271) % 2147483647;
      return String.fromCharCode(seed % 0x10000);
    }).join("");
    expect(() => maskProfanity(random)).not.toThrow();
    expect(maskProfanity(random)).toHaveLength(2000);
    expect(maskProfanity("a b ".repeat(500))).toBe("a b ".repeat(500));
  });
});
