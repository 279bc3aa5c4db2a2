import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

/** MAP_TILE_URL and MAP_TILE_ATTRIBUTION (issue 33). */
describe("the map's tile settings", () => {
  it("default to OpenStreetMap's standard tiles and their credit", () => {
    expect(loadConfig({}).map).toEqual({
      tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      tileAttribution: "© OpenStreetMap contributors",
    });
  });

  it("take an https URL with {z}, {x} and {y}, or an http one on this machine", () => {
    const url = "https://{s}.tiles.example/{z}/{x}/{y}.png";
    expect(loadConfig({ MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: "Tiles" }).map).toEqual({
      tileUrl: url,
      tileAttribution: "Tiles",
    });
    const local = "http://localhost:8081/{z}/{x}/{y}.png";
    expect(loadConfig({ MAP_TILE_URL: local }).map.tileUrl).toBe(local);
  });

  it("refuse a URL without its parts, over http elsewhere, or not a URL, naming the variable", () => {
    for (const value of [
      "https://tiles.example/{z}/{x}.png",
      "http://tiles.example/{z}/{x}/{y}.png",
      "javascript:{z}{x}{y}",
      "tiles/{z}/{x}/{y}.png",
    ]) {
      expect(() => loadConfig({ MAP_TILE_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ MAP_TILE_URL: value }), value).toThrow(/MAP_TILE_URL=/);
    }
  });
});
