import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * The map's tiles in the journeys (issue 33): MAP_TILE_URL names a host no network has, and the
 * journey's page answers its requests from the folder beside this file (one plain tile for every
 * z/x/y, unless the folder has that very tile), so no test reaches a real tile server.
 */
export const E2E_MAP_TILE_URL = "https://tiles.e2e.test/{z}/{x}/{y}.png";
const TILES = path.join(import.meta.dirname, "map-tiles");

/** Serves the tiles `page` asks for; answers the tile addresses it served. */
export async function serveMapTiles(page: Page): Promise<string[]> {
  const served: string[] = [];
  await page.route("https://tiles.e2e.test/**", async (route) => {
    const { pathname } = new URL(route.request().url());
    const own = path.join(TILES, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ""));
    const file = own.startsWith(TILES) && fs.existsSync(own) ? own : path.join(TILES, "tile.png");
    served.push(pathname);
    await route.fulfill({ contentType: "image/png", body: fs.readFileSync(file) });
  });
  return served;
}
