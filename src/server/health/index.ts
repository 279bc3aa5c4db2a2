/** What the app uses of the health check: its route. */
export { healthRoutes } from "./health-routes.ts";
