import fs from "node:fs";
import path from "node:path";
import { ROW_ID_PATTERN } from "../../shared/constants.ts";

type Screen = {
  /** The screen's address; one ending in "/" is followed by a parameter (`/user/:username`). */
  prefix: string;
  source: string;
  /** The API read the screen starts with, exactly as the web app asks for it (src/web/…/api). */
  data?: (rest: string) => string | undefined;
};

/**
 * Each screen that is its own chunk (src/web/routes.tsx), by the address prefix that shows it and
 * its source file as Vite's manifest names it. The landing page and the small screens are in the
 * entry chunk and need nothing.
 */
export const SCREEN_CHUNKS: readonly Screen[] = [
  { prefix: "/login", source: "auth/login-page.tsx" },
  { prefix: "/register", source: "auth/register-page.tsx" },
  { prefix: "/createYourUser", source: "profiles/create-profile-page.tsx" },
  {
    prefix: "/feed",
    source: "feed/feed-page.tsx",
    data: () => "/api/articles",
  },
  {
    prefix: "/articles/",
    source: "posts/post-page.tsx",
    data: (id) => (ROW_ID_PATTERN.test(id) ? `/api/articles/${Number(id)}` : undefined),
  },
  { prefix: "/user/", source: "profiles/profile-page.tsx", data: profileRead },
  { prefix: "/userProfile", source: "profiles/profile-page.tsx" },
  { prefix: "/chatapp", source: "chat/chat-page.tsx" },
  { prefix: "/messages", source: "messages/messages-page.tsx" },
];

/** src/web/profiles/api/get-profile.ts asks for the lower-cased name. */
function profileRead(username: string): string | undefined {
  if (!username || username.includes("/")) return undefined;
  try {
    return `/api/users/username/${encodeURIComponent(decodeURIComponent(username).toLowerCase())}`;
  } catch {
    return undefined; // not valid percent-encoding: the screen shows its not-found state
  }
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** `key`'s chunk and every chunk it imports statically, each once. */
function staticClosure(manifest: Manifest, key: string): string[] {
  const keys: string[] = [];
  const visit = (current: string) => {
    if (keys.includes(current) || !manifest[current]) return;
    keys.push(current);
    for (const imported of manifest[current].imports ?? []) visit(imported);
  };
  visit(key);
  return keys;
}

function preloadTags(manifest: Manifest, source: string, entryKeys: Set<string>): string {
  const tags: string[] = [];
  for (const key of staticClosure(manifest, source)) {
    if (entryKeys.has(key)) continue;
    const chunk = manifest[key] as ManifestChunk;
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const css of chunk.css ?? []) {
      tags.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
  }
  return tags.join("\n    ");
}

export type ScreenHtml = (pathname: string) => string;

/**
 * The SPA's index.html for an address, with the chunks of the screen it opens (and their CSS) and
 * the API read it starts with preloaded: the browser fetches them beside the entry instead of after
 * it has run, a round trip or two less before the screen draws (bench/lighthouse.ts). Without a
 * manifest, index.html as built.
 */
export function loadScreenHtml(webDir: string): ScreenHtml {
  const indexHtml = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const manifestPath = path.join(webDir, ".vite", "manifest.json");
  if (!fs.existsSync(manifestPath)) return () => indexHtml;

  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entryKeys = new Set(entryKey ? staticClosure(manifest, entryKey) : []);
  const bySource = new Map<string, string>();
  for (const { source } of SCREEN_CHUNKS) {
    if (bySource.has(source) || !manifest[source]) continue;
    const tags = preloadTags(manifest, source, entryKeys);
    bySource.set(source, tags ? indexHtml.replace("</head>", `  ${tags}\n  </head>`) : indexHtml);
  }

  return (pathname) => {
    const screen = SCREEN_CHUNKS.find(({ prefix }) =>
      prefix.endsWith("/") ? pathname.startsWith(prefix) : pathname === prefix,
    );
    if (!screen) return indexHtml;
    const html = bySource.get(screen.source) ?? indexHtml;
    const read = screen.data?.(pathname.slice(screen.prefix.length));
    if (!read) return html;
    // crossorigin="anonymous" matches the app's same-origin fetch, which then takes this response.
    const tag = `<link rel="preload" href="${read}" as="fetch" crossorigin="anonymous">`;
    return html.replace("</head>", `  ${tag}\n  </head>`);
  };
}
