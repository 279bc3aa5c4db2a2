/** A clock browser journeys move (TEST_CLOCK, tests only): never in production. */
export { type MovableClock, offsetClock, testClockRoutes } from "./test-clock.ts";
