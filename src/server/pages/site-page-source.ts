import fs from "node:fs/promises";
import path from "node:path";
import type { SitePageName } from "../../shared/site-pages.ts";
import { renderMarkdown } from "./render-markdown.ts";

/** The texts shipped with the app, used until the operator puts their own in DATA_DIR/pages. */
const DEFAULTS_DIR = path.join(import.meta.dirname, "defaults");

type Rendered = { html: string; custom: boolean };
/** Rendered pages by file, kept while the file is unchanged (its modification time and size). */
const cache = new Map<string, { stamp: string; rendered: Rendered }>();

async function statOrNull(file: string) {
  try {
    return await fs.stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * The page as HTML: DATA_DIR/pages/<name>.md when the operator wrote one (read again whenever it
 * changes, so a new text shows at the next request, no restart), else the shipped default.
 */
export async function readSitePage(dataDir: string, name: SitePageName): Promise<Rendered> {
  const own = path.join(dataDir, "pages", `${name}.md`);
  const ownStat = await statOrNull(own);
  const file = ownStat?.isFile() ? own : path.join(DEFAULTS_DIR, `${name}.md`);
  const stat = file === own && ownStat ? ownStat : await fs.stat(file);
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const kept = cache.get(file);
  if (kept?.stamp === stamp) return kept.rendered;
  const rendered = { html: renderMarkdown(await fs.readFile(file, "utf8")), custom: file === own };
  cache.set(file, { stamp, rendered });
  return rendered;
}
