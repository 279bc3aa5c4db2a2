DROP INDEX "reviews_subject_created_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "contact_backed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reviews_subject_order_idx" ON "reviews" USING btree ("subject_id","contact_backed","created_at","id");