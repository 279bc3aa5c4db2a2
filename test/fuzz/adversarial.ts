import fc from "fast-check";
import { SKILL_OPTIONS } from "../../src/shared/constants.ts";

/**
 * Arbitraries of hostile input for the fuzz tests: strings that break naive code (NUL, lone
 * surrogates, prototype keys, huge text), JSON that is deep, duplicated or of the wrong type, bodies
 * that are not JSON or not UTF-8, and the query strings and path segments to carry them.
 */

/** Runs per property: short inside `npm test`, `FUZZ_RUNS=1000` for the long form. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/** Replays a reported failure: `FUZZ_SEED=<seed>` (fast-check prints it with the counterexample). */
export const fuzzParameters: fc.Parameters<unknown> = {
  numRuns: FUZZ_RUNS,
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
};
/** Time allowed to one property: about 100 ms a run (argon2 on a busy machine), at least 60 s. */
export const fuzzTimeout = (msPerRun = 100) => 60_000 + FUZZ_RUNS * msPerRun;

export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf"];

const SPECIAL_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "\uffff",
  "\ufeff",
  "\u202e",
  "\u0085\u2028\u2029",
  ...PROTOTYPE_KEYS,
  "' OR '1'='1",
  "'; drop table users; --",
  '"\\',
  "<img src=x onerror=alert(1)>",
  "%00",
  "%ff",
  "%",
  "../../../etc/passwd",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1.5",
  "1e309",
  "9007199254740993",
  "null",
  "true",
  "{}",
  "[]",
  "\r\n",
  "\t",
  "😀",
  "𝕏",
  "ＡＬＩＣＥ",
  "e\u0301",
  "alice",
  "ALICE",
  " alice ",
  "bob",
  ...SKILL_OPTIONS,
];

/** One string a careless parser, validator or SQL layer might choke on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(65, 121, 1001, 2001, 5001, 20_000),
        fc.constantFrom("x", "é", "😀", "\u0000"),
      )
      .map(([n, c]) => c.repeat(n)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...SPECIAL_STRINGS),
        fc.string({ maxLength: 8 }),
      )
      .map((parts) => parts.join("")),
  },
);

const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.integer({ min: -2, max: 7 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom("1e400", "-1e400", "-0", "1.0", "2.5", "9007199254740993", "1E2", "0.0000001"),
);

const scalarText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nastyString.map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: numberText },
  { weight: 1, arbitrary: fc.constantFrom("true", "false", "null") },
);

/** An object key: usually one of the endpoint's own fields, else a prototype key or anything. */
const keyOf = (fields: readonly string[]) =>
  fc.oneof(
    { weight: fields.length > 0 ? 6 : 0, arbitrary: fc.constantFrom(...fields, "x") },
    { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: nastyString },
  );

/** JSON text of any value, built by hand so keys can repeat and `__proto__` stays a plain key. */
export function jsonText(fields: readonly string[] = []): fc.Arbitrary<string> {
  const tree = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 4, depthIdentifier: "json" },
      { weight: 5, arbitrary: scalarText },
      { weight: 1, arbitrary: tie("array") },
      { weight: 1, arbitrary: tie("object") },
    ),
    array: fc
      .array(tie("value"), { maxLength: 4, depthIdentifier: "json" })
      .map((v) => `[${v.join(",")}]`),
    object: fc
      .array(fc.tuple(keyOf(fields), tie("value")), { maxLength: 5, depthIdentifier: "json" })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  }));
  return tree.value;
}

/**
 * JSON text of an object shaped like the endpoint's body: each known field absent, valid, or any
 * value, plus stray and prototype keys; a key may come twice (the last one wins in JSON.parse).
 */
export function bodyObject(valid: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  const fields = Object.keys(valid);
  const fieldValue = (name: string) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: (valid[name] as fc.Arbitrary<unknown>).map((v) => JSON.stringify(v)),
      },
      { weight: 3, arbitrary: nastyString.map((s) => JSON.stringify(s)) },
      { weight: 2, arbitrary: jsonText(fields) },
    );
  const known = fc.tuple(
    ...fields.map((name) =>
      fc.option(
        fieldValue(name).map((v) => [name, v] as const),
        { freq: 4 },
      ),
    ),
  );
  const stray = fc.array(fc.tuple(keyOf(fields), jsonText(fields)), { maxLength: 3 });
  return fc.tuple(known, stray, fc.boolean()).map(([own, extra, extraFirst]) => {
    const present = own.filter((entry): entry is readonly [string, string] => entry !== null);
    const entries = extraFirst ? [...extra, ...present] : [...present, ...extra];
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
  });
}

/** Nesting far deeper than any schema: `[[[[…]]]]` or `{"a":{"a":…}}`, up to the body limit. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 30_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? "[".repeat(depth) + "]".repeat(depth)
      : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

const INVALID_UTF8 = [
  [0xff],
  [0xfe],
  [0xc0, 0x80],
  [0xe0, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88],
  [0x80],
  [0xc3],
];

/** `text` as UTF-8 with broken byte sequences spliced in (overlong, lone continuation, cut off). */
export const withInvalidUtf8 = (text: fc.Arbitrary<string>): fc.Arbitrary<Buffer> =>
  fc
    .tuple(
      text,
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVALID_UTF8)), {
        minLength: 1,
        maxLength: 4,
      }),
    )
    .map(([t, cuts]) => {
      let bytes = Buffer.from(t, "utf8");
      for (const [at, bad] of cuts) {
        const i = bytes.length === 0 ? 0 : at % bytes.length;
        bytes = Buffer.concat([bytes.subarray(0, i), Buffer.from(bad), bytes.subarray(i)]);
      }
      return bytes;
    });

export type FuzzBody = { payload: string | Buffer | undefined; contentType: string | undefined };

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json; charset=latin1",
  "application/json;;;=",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "application/jsonx",
  "a/b/c",
  "",
];

/** A request body of any kind, with a content type that may or may not match it. */
export function anyBody(valid: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<FuzzBody> {
  const fields = Object.keys(valid);
  const payload: fc.Arbitrary<string | Buffer | undefined> = fc.oneof(
    { weight: 8, arbitrary: bodyObject(valid) },
    { weight: 1, arbitrary: jsonText(fields) },
    { weight: 1, arbitrary: deepJson },
    { weight: 2, arbitrary: withInvalidUtf8(bodyObject(valid)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)) },
    {
      weight: 1,
      arbitrary: bodyObject(valid).chain((t) => fc.nat(t.length).map((n) => t.slice(0, n))),
    },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>("", undefined) },
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ padding: "x".repeat(70 * 1024) })) },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant("application/json") },
    { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({ payload, contentType });
}

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, as in a browser). */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const RAW_ESCAPES = [
  "%ff",
  "%FE%FF",
  "%",
  "%zz",
  "%E0%A4%A",
  "%C0%80",
  "%00",
  "+",
  "%2F",
  "%25",
  "..",
  ".",
];

/** A URL component: a string percent-encoded, or raw escapes that decode to nothing valid. */
export const urlComponent = (valid: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: valid.map(percentEncode) },
    { weight: 4, arbitrary: nastyString.map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...RAW_ESCAPES))
        .map(([v, raw]) => percentEncode(v) + raw),
    },
  );

/** A query string (without `?`) over the endpoint's own keys plus strays, arrays and repeats. */
export function queryString(valid: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const names = Object.keys(valid);
  const key = fc.oneof(
    { weight: names.length > 0 ? 6 : 0, arbitrary: fc.constantFrom(...names, "x") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, "a[b]", "a[]", "constructor[prototype][x]"),
    },
    { weight: 1, arbitrary: nastyString },
  );
  const pair = key.chain((name) =>
    fc
      .tuple(
        urlComponent(fc.constant(name)),
        urlComponent(
          Object.hasOwn(valid, name) ? (valid[name] as fc.Arbitrary<string>) : nastyString,
        ),
        fc.constantFrom("=", "=", "=", "", "=="),
      )
      .map(([k, v, eq]) => (eq === "" ? k : `${k}${eq}${v}`)),
  );
  return fc
    .tuple(fc.array(pair, { maxLength: 5 }), fc.constantFrom("&", "&", "&&", ";"))
    .map(([pairs, separator]) => pairs.join(separator));
}

/** Valid skill lists, so bodies get past the structure often enough to reach the handlers. */
export const skillList = fc.uniqueArray(fc.constantFrom(...SKILL_OPTIONS), { maxLength: 7 });
