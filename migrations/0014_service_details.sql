-- Issue 32: service details on profiles (rate, availability, travel distance, ways to reach, phone).
-- Cards show the author's rate: posts carry a copy (like 0007's author columns), set on insert and
-- copied again when the profile's rate or area country changes.
ALTER TABLE "articles" ADD COLUMN "author_rate" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rate_kind" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rate_cents" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rate_unit" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "availability" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "travel_km" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reach" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_rate_complete" CHECK (("profiles"."rate_kind" is null and "profiles"."rate_cents" is null and "profiles"."rate_unit" is null) or ("profiles"."rate_kind" in ('free', 'swap') and "profiles"."rate_cents" is null and "profiles"."rate_unit" is null) or ("profiles"."rate_kind" = 'amount' and "profiles"."rate_cents" between 0 and 10000000 and "profiles"."rate_unit" in ('hour', 'job')));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_travel_km_range" CHECK ("profiles"."travel_km" between 0 and 200);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_phone_length" CHECK (length("profiles"."phone") <= 20);--> statement-breakpoint
CREATE FUNCTION "ylt_author_rate"(p "profiles") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p."rate_kind" IS NULL THEN NULL ELSE jsonb_build_object(
    'kind', p."rate_kind", 'cents', p."rate_cents", 'unit', p."rate_unit", 'country', p."area_country")
  END
$$;--> statement-breakpoint
CREATE FUNCTION "ylt_article_author_rate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "ylt_author_rate"(p) INTO NEW."author_rate" FROM "profiles" p WHERE p."id" = NEW."author_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_author_rate" BEFORE INSERT OR UPDATE OF "author_id" ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "ylt_article_author_rate"();--> statement-breakpoint
CREATE FUNCTION "ylt_profile_rate_to_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "articles" SET "author_rate" = "ylt_author_rate"(NEW) WHERE "author_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_rate_to_articles" AFTER UPDATE OF "rate_kind", "rate_cents", "rate_unit", "area_country" ON "profiles"
  FOR EACH ROW
  WHEN (OLD."rate_kind" IS DISTINCT FROM NEW."rate_kind" OR OLD."rate_cents" IS DISTINCT FROM NEW."rate_cents"
    OR OLD."rate_unit" IS DISTINCT FROM NEW."rate_unit" OR OLD."area_country" IS DISTINCT FROM NEW."area_country")
  EXECUTE FUNCTION "ylt_profile_rate_to_articles"();
