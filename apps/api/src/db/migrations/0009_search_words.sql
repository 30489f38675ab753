CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- A text's words as search_words keeps them: lowercase, 3 to 30 letters or digits, in
-- order (so two listings saved at once insert shared new words in the same order).
CREATE FUNCTION "search_words_of"("body" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT "word" FROM regexp_split_to_table(lower("body"), '[^[:alnum:]]+') AS "word"
  WHERE length("word") BETWEEN 3 AND 30 ORDER BY "word"
$$;
--> statement-breakpoint
CREATE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT "search_words_of"(NEW."name" || ' ' || NEW."description")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "name", "description" ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_search_words"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT "search_words_of"("name" || ' ' || "description") FROM "products"
ON CONFLICT DO NOTHING;
