/**
 * Every table, for Drizzle (drizzle.config.ts, the typed client in database.ts) and for tests and
 * tools. Each feature's tables live in db/tables/<feature>.ts; feature code imports its own file
 * there, never this one (.dependency-cruiser.cjs, decision 024).
 */

export * from "./tables/accounts.ts";
export * from "./tables/auth.ts";
export * from "./tables/blocks.ts";
export * from "./tables/chat.ts";
export * from "./tables/direct-messages.ts";
export * from "./tables/limits.ts";
export * from "./tables/mail.ts";
export * from "./tables/moderation.ts";
export * from "./tables/notifications.ts";
export * from "./tables/photos.ts";
export * from "./tables/posts.ts";
export * from "./tables/profiles.ts";
export * from "./tables/push.ts";
export * from "./tables/reviews.ts";
export * from "./tables/skills.ts";
