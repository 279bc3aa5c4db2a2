import type { ManifestOptions } from "vite-plugin-pwa";

/** The app's colours (ui/styles.css): the top bar's teal, the page's background. */
const THEME_COLOR = "#0f766e";
const BACKGROUND_COLOR = "#f6f7f9";
const SMALL_ICON = { src: "/icon-192.png", sizes: "192x192", type: "image/png" };

/**
 * The web app manifest (issue 31), written by vite-plugin-pwa as /manifest.webmanifest and linked
 * from index.html. It opens on the feed: a member's home; a visitor signed out is sent to sign in.
 * The shortcuts are the three places a member goes most (a long press on the home-screen icon).
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: "/",
  name: "Your Local Talents",
  short_name: "Local Talents",
  description: "Your Local Talents connects people who offer skills with people looking for them.",
  lang: "en",
  start_url: "/feed",
  scope: "/",
  display: "standalone",
  orientation: "any",
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ["social", "lifestyle"],
  icons: [
    { ...SMALL_ICON, purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
  shortcuts: [
    { name: "Feed", short_name: "Feed", url: "/feed", icons: [SMALL_ICON] },
    { name: "Messages", short_name: "Messages", url: "/messages", icons: [SMALL_ICON] },
    { name: "Search", short_name: "Search", url: "/search", icons: [SMALL_ICON] },
  ],
};
