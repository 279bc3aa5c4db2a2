CREATE TABLE "used_post_links" (
	"signature" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "articles_author_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '60 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "articles_expiry_reminder_idx" ON "articles" USING btree ("expires_at") WHERE "articles"."expiry_reminded_at" is null and "articles"."filled_at" is null;--> statement-breakpoint
CREATE INDEX "articles_author_idx" ON "articles" USING btree ("author_id","created_at","id");--> statement-breakpoint
-- Posts from before expiry (decision 029): 60 days from when they were posted, but never sooner than
-- 14 days after this upgrade, so every author is reminded (3 days before) before anything leaves the
-- feed; the whole feed never expires at once.
UPDATE "articles" SET "expires_at" = greatest("created_at" + interval '60 days', now() + interval '14 days');
