/**
 * What the app uses of the health checks: the routes, readiness (drained at SIGTERM), /metrics, and
 * the port's answer while the server starts.
 */
export { healthRoutes, NOT_READY_REASONS } from "./health-routes.ts";
export { type MetricsConfig, metricsPlugin } from "./metrics-plugin.ts";
export { type Readiness, readinessPlugin } from "./readiness.ts";
export { answerWhileStarting } from "./starting-server.ts";
