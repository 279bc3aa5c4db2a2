-- Issue 33: the skill vocabulary. Skills become rows (seeded with SPEC's seven, in SPEC's order and
-- words, each with synonyms); posts carry the skill their topic names (articles.skill_id), set by
-- the database on every write path and again when moderators change the vocabulary (decision 031).
CREATE TABLE "skills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer NOT NULL,
	"synonyms" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skills_status" CHECK ("skills"."status" in ('active', 'retired')),
	CONSTRAINT "skills_name_length" CHECK (length("skills"."name") between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "skill_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_unique" ON "skills" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_skill_created_idx" ON "articles" USING btree ("skill_id","created_at","id");--> statement-breakpoint

-- hand-written:
INSERT INTO "skills" ("name", "position", "synonyms") VALUES
  ('Website Developer', 1, ARRAY['web developer', 'web development', 'website', 'websites', 'web design', 'wordpress', 'coding', 'programming', 'html', 'web']),
  ('Graphic Designer', 2, ARRAY['graphic design', 'design', 'logo', 'logos', 'branding', 'illustration', 'flyer', 'flyers', 'poster']),
  ('Math Teacher', 3, ARRAY['math', 'maths', 'mathematics', 'math tutoring', 'maths tutoring', 'tutoring', 'tutor', 'algebra', 'geometry', 'calculus']),
  ('Fashion Designer', 4, ARRAY['fashion', 'fashion design', 'clothes', 'clothing', 'sewing', 'tailoring', 'alterations', 'dressmaking']),
  ('Tour Guide', 5, ARRAY['tour', 'tours', 'guide', 'guided tour', 'guiding', 'sightseeing', 'walking tour', 'local guide']),
  ('Plumber', 6, ARRAY['plumbing', 'plumb', 'pipes', 'pipe', 'leak', 'leaks', 'tap', 'taps', 'boiler', 'drain', 'drains']),
  ('Personal Chef', 7, ARRAY['chef', 'cooking', 'cook', 'catering', 'meal prep', 'meals', 'baking']);--> statement-breakpoint
-- The skill a topic names: an active skill's name (first) or synonym, in any letter case; the
-- earlier skill wins a tie. Null when none does.
CREATE FUNCTION "ylt_skill_of"(topic text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "skills"
  WHERE "status" = 'active'
    AND (lower("name") = lower(btrim(topic)) OR lower(btrim(topic)) = ANY("synonyms"))
  ORDER BY lower("name") = lower(btrim(topic)) DESC, "position", "id"
  LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION "ylt_article_skill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."skill_id" := "ylt_skill_of"(NEW."topic");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_skill" BEFORE INSERT OR UPDATE OF "topic" ON "articles"
  FOR EACH ROW EXECUTE FUNCTION "ylt_article_skill"();--> statement-breakpoint
UPDATE "articles" SET "skill_id" = "ylt_skill_of"("topic") WHERE "ylt_skill_of"("topic") IS NOT NULL;--> statement-breakpoint
-- A skill added, renamed, retired or given other synonyms: the posts whose topic is one of its old
-- or new words (through the lower(topic) index), and those it held, are matched again; a rename
-- also renames it on the profiles that list it (as a skill or an interest).
CREATE FUNCTION "ylt_skill_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  terms text[] := ARRAY[lower(NEW."name")] || NEW."synonyms";
BEGIN
  IF TG_OP = 'UPDATE' THEN
    terms := terms || ARRAY[lower(OLD."name")] || OLD."synonyms";
  END IF;
  UPDATE "articles" SET "skill_id" = "ylt_skill_of"("topic")
    WHERE (lower("topic") = ANY(terms) OR "skill_id" = NEW."id")
      AND "skill_id" IS DISTINCT FROM "ylt_skill_of"("topic");
  IF TG_OP = 'UPDATE' AND OLD."name" <> NEW."name" THEN
    UPDATE "profiles"
      SET "skills" = array_replace("skills", OLD."name", NEW."name"),
          "interests" = array_replace("interests", OLD."name", NEW."name")
      WHERE "skills" @> ARRAY[OLD."name"] OR "interests" @> ARRAY[OLD."name"];
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "skills_changed" AFTER INSERT OR UPDATE ON "skills"
  FOR EACH ROW EXECUTE FUNCTION "ylt_skill_changed"();
