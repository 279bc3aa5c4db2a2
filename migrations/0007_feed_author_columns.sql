-- Issue 21: a page of the feed read the author's username and image through a join with profiles,
-- half of its database time. Posts now carry them, kept by triggers on every write path (the app,
-- seeding, the demo, tests): set from the profile on insert, and copied again when a profile's
-- username or image changes (a photo upload or removal).
ALTER TABLE "articles" ADD COLUMN "author_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "author_img_url" text;--> statement-breakpoint
UPDATE "articles" SET "author_username" = "profiles"."username", "author_img_url" = "profiles"."img_url"
  FROM "profiles" WHERE "profiles"."id" = "articles"."author_id";--> statement-breakpoint
CREATE FUNCTION "ylt_article_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "username", "img_url" INTO NEW."author_username", NEW."author_img_url"
    FROM "profiles" WHERE "id" = NEW."author_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_author" BEFORE INSERT OR UPDATE OF "author_id" ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "ylt_article_author"();--> statement-breakpoint
CREATE FUNCTION "ylt_profile_to_articles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "articles" SET "author_username" = NEW."username", "author_img_url" = NEW."img_url"
    WHERE "author_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_to_articles" AFTER UPDATE OF "username", "img_url" ON "profiles"
  FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."img_url" IS DISTINCT FROM NEW."img_url")
  EXECUTE FUNCTION "ylt_profile_to_articles"();
