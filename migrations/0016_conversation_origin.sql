ALTER TABLE "conversations" ADD COLUMN "origin_post_id" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "origin_post_title" text;