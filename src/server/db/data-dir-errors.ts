/** This process cannot use the data directory; main.ts prints the message as one line and stops. */
export class DataDirLockedError extends Error {}

/** Other users can write to the data directory: they could have changed the database already. */
export class DataDirNotPrivateError extends DataDirLockedError {}
