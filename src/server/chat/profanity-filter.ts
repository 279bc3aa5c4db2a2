/**
 * Chat profanity filter: each profane word becomes one `*` per character the user sees.
 * Whole words only, case-insensitive.
 *
 * Word lists (packages of data, matched as whole words):
 *  - `badwords-list` (the list behind `bad-words`): 450 English words with their inflections
 *    and leetspeak spellings (fucker, fucked, sh1t, b00bs);
 *  - `naughty-words` (LDNOOBW, lists written by native speakers): English, German, French,
 *    Spanish, Italian, Portuguese, Polish, Russian.
 * Plus `obscenity`'s English dataset and transformers, trusted only where a match covers a
 * whole word: it undoes disguises the lists miss (Cyrillic look-alike letters, fuuuck, fk).
 * Not obscenity alone: it matches inside words and so masks trafficking, assortment, cockpit,
 * shiitake, German Kanal. Not @2toad/profanity: its other languages are machine translations
 * (French souris, pour; German Geschlecht) and it cannot mask by length. Not leo-profanity:
 * no leetspeak, and its French list masks everyday words (misérable, minable).
 *
 * ALLOW takes out list entries that are everyday words somewhere, or mild or clinical.
 * When an English swear is an everyday word in another language (dick, Ass), English wins.
 */
import { createRequire } from "node:module";
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import { INVISIBLE_CHARS } from "../../shared/chat-text.ts";
import { trimEndWhile } from "../../shared/text-edges.ts";
import { FANCY_LETTERS, foldFancyLetters } from "./fancy-letters.ts";

const require = createRequire(import.meta.url);
const badwordsEnglish = require("badwords-list").array as string[];
const ldnoobw = require("naughty-words") as Record<string, string[] | undefined>;
const LANGUAGES = ["en", "de", "fr", "es", "it", "pt", "pl", "ru"];

const ALLOW = new Set(
  [
    // English: mild, clinical or everyday words and names that the English lists include.
    `balls bloody bum butt crap damn god hell suck sucks poop pawn flange cox wang willy willies
    knob muff snatch screwing shag shagging lust lusting dink dinks skeet escort domination bondage
    kinky fingering dogging pegging shrimping snowballing bareback swinger voyeur eunuch erotic sex
    sexy sexual sexually sexuality heterosexual homosexual nude nudity topless undressing
    lovemaking intercourse incest breasts nipple nipples penis vagina vulva labia clitoris anus
    rectum scrotum testicle genitals semen fecal orgasm orgasms masturbation ejaculation sadism
    sadist masochist bestial playboy viagra cialis swastika nazi neonazi lolita scat cum hooker
    mufti xx xxx nsfw grope humping rosette cumming twinkie hardcore vibrator sodomy nymphomania
    bimbo bimbos fanny hoare panty panties pubes anal anale orgy orgies bordello threesome
    ejaculate ejaculated ejaculates ejaculating masturbate masturbating fellatio cunnilingus
    bestiality pornography smegma`,
    // Profane in one language or to obscenity, everyday in another (German Kanal, Abo, bitte).
    `abo abos kanal kanał annal annał fanal panal ranal añal pañal rappe fu con bite bitte trio
    mama gerber gerbe cu gol burro comer pinto saco mona regina sega inferno fica figa pedale
    pédale pede peter dupa fagot fagots negro pusse homo duche balle palle kum byk pis pau topa
    monta pompa biga corno muschi popel anuś arsę vaginą rapę kock busty yaoi`,
    // Everyday, mild or clinical words in the other lists: de, fr, es, it, pt, pl, ru.
    `nackt bonze kummer zinne fratze kimme nippel orgasmus debil lümmel
    baiser bander bordel bourre bourré bourrée caca pipi zizi folle gueule jouir péter tanche
    trique ramoner travesti râpe râpé rapé déconne déconner cul-de-sac cul-de-jatte tette mussa
    ramera cagna pénis
    aborto amador asesinato asno bicha bosta burdel chupada chupar chupetón cocaína coito concha
    cono esperma gozar guro heroína idiota imbécil imbecil infierno maciza maldito martillo orina
    pedo pezón pinche porra prostituta sádico sexo transar drogas racista pervertido cok picio
    porco
    battere cadavere cesso cocaina consolo cozza fava finocchio ingoio lecchino mannaggia montare
    pesce pisello porca quaglia sbattere spagnola tirare vacca vangare boiata negre pube cacca
    imbecille
    aranha ariano biscate bissexual brinca bumbum camisinha cerveja coprofagia grelho lésbica mofo
    torneira veado vibrador sodomize ânus sémen
    jajko jajco rzygać syf duperele pecorina dmuchać
    uboy голый обнаженный секс мент бугор хрен фига хапать офигеть`,
  ]
    .join(" ")
    .trim()
    .split(/\s+/),
);

const LEET: Record<string, string> = {
  ...{ "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t" },
  ...{ "@": "a", $: "s", "!": "i", "+": "t" },
};
const lower = (s: string): string => s.normalize("NFKC").toLowerCase();
const unleet = (s: string): string => s.replace(/[013457@$!+]/g, (c) => LEET[c] ?? c);
const stripMarks = (s: string): string =>
  s.normalize("NFD").replace(/\p{M}/gu, "").replace(/ß/g, "ss").normalize("NFC");
const collapse = (s: string): string => s.replace(/(\p{L})\1+/gu, "$1");

const AS_LISTED = new Set<string>();
const BLOCKED = new Set<string>();
for (const entry of [...badwordsEnglish, ...LANGUAGES.flatMap((lang) => ldnoobw[lang] ?? [])]) {
  // Phrases are skipped: their profane words are listed on their own.
  if (/\s/.test(entry) || ALLOW.has(lower(entry))) continue;
  const key = unleet(lower(entry));
  AS_LISTED.add(key);
  BLOCKED.add(key).add(stripMarks(key)); // "scheiße" also as "scheisse", "cabrón" as "cabron"
}
const BLOCKED_COLLAPSED = new Set([...BLOCKED].map(collapse));
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const invisible = new RegExp(`[${INVISIBLE_CHARS}]`, "gu");
/** What a reader sees of a word: fancy letters as plain ones, without the invisible characters. */
const visible = (s: string): string => foldFancyLetters(s).replace(invisible, "");
const mask = (s: string): string => "*".repeat([...graphemes.segment(visible(s))].length);

/** A word as listed, or a disguise the lists' spellings do not cover (fuuuuck, wankers). */
function isListed(word: string): boolean {
  // A number is never a word: "455" is a score, not leetspeak.
  if (!/\p{L}/u.test(word)) return false;
  const key = unleet(lower(word));
  if (ALLOW.has(lower(word)) || ALLOW.has(key) || !/\p{L}/u.test(key)) return false;
  if (BLOCKED.has(key)) return true;
  if (/(\p{L})\1\1/u.test(key) && BLOCKED_COLLAPSED.has(collapse(key))) return true; // fuuuuck
  const singular = key.slice(0, -1); // wankers, salopes
  return (
    key.endsWith("s") && singular.length >= 4 && !singular.endsWith("s") && AS_LISTED.has(singular)
  );
}

const ALPHABET = [..."abcdefghijklmnopqrstuvwxyz"];
const MAX_WILDCARDS = 2;

/** f*ck, sh*t: one or two stars standing for letters of a listed word. */
function isStarred(key: string): boolean {
  const stars = key.split("*").length - 1;
  if (stars === 0 || stars > MAX_WILDCARDS || key.length - stars < 2) return false;
  let candidates = [key];
  for (let i = 0; i < stars; i++) {
    candidates = candidates.flatMap((c) => ALPHABET.map((letter) => c.replace("*", letter)));
  }
  return candidates.some((c) => BLOCKED.has(c) && !ALLOW.has(c));
}

/** fuckfuck, shitshitshit: one listed word said again and again in one go. */
function isRepeated(key: string): boolean {
  for (let unit = 3; unit <= key.length / 2; unit++) {
    if (key.length % unit !== 0) continue;
    const part = key.slice(0, unit);
    if (part.repeat(key.length / unit) === key && isListed(part)) return true;
  }
  return false;
}

const DIGIT = /^\p{N}$/u;

function isProfane(word: string): boolean {
  const plain = visible(word);
  if (!/\p{L}/u.test(plain)) return false;
  const stem = trimEndWhile(plain, DIGIT); // shit123: a number after a word is no disguise
  return [plain, stem].some((form) => {
    if (!/\p{L}/u.test(form)) return false;
    if (isListed(form)) return true;
    const key = unleet(lower(form));
    return isStarred(key) || isRepeated(key);
  });
}

// A word is letters and digits, with leet symbols, stars and invisible characters inside (sh!t,
// a$$, f*ck, fu\u200Bck); hyphens join compounds.
const LETTER = `\\p{L}\\p{N}$@${FANCY_LETTERS}`;
const INSIDE = `${LETTER}\\p{M}!+*${INVISIBLE_CHARS}`;
const PART = `[${LETTER}](?:[${INSIDE}]*[${LETTER}\\p{M}])?\\p{M}*`;
const WORD = new RegExp(`${PART}(?:-${PART})*`, "gu");
const PART_IN_WORD = new RegExp(PART, "gu");
const HAS_LETTER = new RegExp(`[\\p{L}${FANCY_LETTERS}]`, "u");
// Letters spelled out one by one: "f u c k", "f.u.c.k", "s/h/i/t".
const SPELLED =
  /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}$@][ ._*/\\|~-]){2,}[\p{L}\p{N}$@](?![\p{L}\p{N}])/gu;
const LONGEST_WORD = 12; // letters; "motherfucker" is 12

function maskSpelled(run: string): string {
  const chars = [...run]; // letters at even indexes, one separator between them
  if (!/\p{L}/u.test(run)) return run; // "4 5 5" is numbers, not a spelled-out word
  const letters = chars.filter((_, i) => i % 2 === 0).map((c) => unleet(lower(c)));
  for (let start = 0; start < letters.length - 2; start++) {
    for (let end = Math.min(letters.length, start + LONGEST_WORD); end - start >= 3; end--) {
      const key = letters.slice(start, end).join("");
      if (!BLOCKED.has(key) || ALLOW.has(key)) continue;
      chars.fill("*", 2 * start, 2 * end - 1);
      start = end - 1;
      break;
    }
  }
  return chars.join("");
}

export function maskProfanity(text: string): string {
  if (!text) return text;
  let wholeWordHits = new Set<string>();
  try {
    const matches = matcher.getAllMatches(text);
    wholeWordHits = new Set(matches.map((m) => `${m.startIndex}:${m.endIndex + 1}`));
  } catch {
    // the word lists alone still apply
  }
  const maskPart = (part: string, at: number): string => {
    if (!HAS_LETTER.test(part)) return part; // a number, even "455", is not a word
    const hit = wholeWordHits.has(`${at}:${at + part.length}`) && !ALLOW.has(lower(part));
    if (hit || isProfane(part)) return mask(part);
    // Not one starred word: the words the stars separate ("shit*fuck") count on their own.
    if (!part.includes("*")) return part;
    return part.replace(/[^*]+/g, (piece: string, offset: number) => maskPart(piece, at + offset));
  };
  return text
    .replace(WORD, (word: string, at: number) => {
      if (!word.includes("-")) return maskPart(word, at);
      if (ALLOW.has(lower(word))) return word;
      return word.replace(PART_IN_WORD, (part: string, offset: number) =>
        maskPart(part, at + offset),
      );
    })
    .replace(SPELLED, maskSpelled);
}
