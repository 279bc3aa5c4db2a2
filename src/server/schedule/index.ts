/** Time inside the server (issue 30): a clock tests control, and jobs that repeat on every instance. */
export { type Clock, controllableClock, systemClock } from "./clock.ts";
export { startRepeatingJob } from "./repeating-job.ts";
