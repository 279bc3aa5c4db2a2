-- Issue 18 (decision 012): search and areas inside the database. PGlite loads these extensions'
-- libraries at start (db/pglite-extensions.ts); Debian's PostgreSQL ships them as contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- Words as they are, accents folded ("café" finds "cafe"), no stemming and no stop words: the
-- language of a post is unknown, and people search for names and skills.
CREATE TEXT SEARCH CONFIGURATION ylt_search (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION ylt_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
-- array_to_string is only STABLE; a generated column needs an IMMUTABLE expression, and joining
-- text with a space is.
CREATE FUNCTION ylt_words(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$;--> statement-breakpoint
-- earthdistance 1.1 (PostgreSQL up to 16) calls earth() unqualified inside ll_to_earth: an index on
-- it cannot be rebuilt where the search path is empty (pg_restore). This wrapper fixes its path.
CREATE FUNCTION ylt_earth(float8, float8) RETURNS earth LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = public AS $$ SELECT ll_to_earth($1, $2) $$;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "kind" text DEFAULT 'offering' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "area_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "area_name" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "area_country" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "area_lat" double precision;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "area_lng" double precision;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('ylt_search', title), 'A') || setweight(to_tsvector('ylt_search', topic), 'A') || setweight(to_tsvector('ylt_search', body), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "area_id" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "area_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "area_country" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "area_lat" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "area_lng" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('ylt_search', username), 'A') || setweight(to_tsvector('ylt_search', ylt_words(skills)), 'A') || setweight(to_tsvector('ylt_search', bio), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_area_earth_idx" ON "articles" USING gist (ylt_earth("area_lat", "area_lng")) WHERE "articles"."area_lat" is not null;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_skills_idx" ON "profiles" USING gin ("skills");--> statement-breakpoint
CREATE INDEX "profiles_area_earth_idx" ON "profiles" USING gist (ylt_earth("area_lat", "area_lng")) WHERE "profiles"."area_lat" is not null;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_kind" CHECK ("articles"."kind" in ('offering', 'looking-for'));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_area_complete" CHECK (("articles"."area_id" is null and "articles"."area_name" is null and "articles"."area_country" is null and "articles"."area_lat" is null and "articles"."area_lng" is null) or ("articles"."area_id" is not null and "articles"."area_name" is not null and "articles"."area_country" is not null and "articles"."area_lat" between -90 and 90 and "articles"."area_lng" between -180 and 180));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_area_complete" CHECK (("profiles"."area_id" is null and "profiles"."area_name" is null and "profiles"."area_country" is null and "profiles"."area_lat" is null and "profiles"."area_lng" is null) or ("profiles"."area_id" is not null and "profiles"."area_name" is not null and "profiles"."area_country" is not null and "profiles"."area_lat" between -90 and 90 and "profiles"."area_lng" between -180 and 180));