-- Spec words are searchable too: the model, CPU, graphics and operating system join the
-- name and description in the text index (weighted below both). PostgreSQL before 17
-- cannot change a generated column's expression: it is made again, with its index.
-- (Not concat_ws: it is not immutable, which a generated column must be.)
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(model, '') || ' ' || coalesce(cpu_model, '') || ' ' || coalesce(cpu_generation, '') || ' ' || coalesce(graphics, '') || ' ' || coalesce(operating_system, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The spelling suggestions' words (search_words) take the same spec words.
CREATE OR REPLACE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT "search_words_of"(concat_ws(' ', NEW."name", NEW."description", NEW."model", NEW."cpu_model", NEW."cpu_generation", NEW."graphics", NEW."operating_system"))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "products_search_words" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "name", "description", "model", "cpu_model", "cpu_generation", "graphics", "operating_system" ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_search_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT "search_words_of"(concat_ws(' ', "model", "cpu_model", "cpu_generation", "graphics", "operating_system")) FROM "products"
WHERE "model" IS NOT NULL OR "cpu_model" IS NOT NULL OR "graphics" IS NOT NULL OR "operating_system" IS NOT NULL
ON CONFLICT DO NOTHING;
