/** What the app uses of profile photos: their routes. */
export { photosRoutes } from "./photos-routes.ts";
