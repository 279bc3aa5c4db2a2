CREATE TABLE "address_hits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "address_hits_window_end_idx" ON "address_hits" USING btree ("window_end");