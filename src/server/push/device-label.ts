/** Browsers by their user agent's marks, the more specific first (Edge and Opera say Chrome too). */
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const first = (marks: [RegExp, string][], userAgent: string) =>
  marks.find(([mark]) => mark.test(userAgent))?.[1];

/**
 * Words for a device, from its browser's user agent: "Chrome on Android", "Firefox on Windows";
 * "A browser" when it says nothing we know. Shown to the member only, so a wrong guess is harmless.
 */
export function deviceLabel(userAgent: string | undefined): string {
  const agent = userAgent ?? "";
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return "A browser";
}
