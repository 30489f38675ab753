ALTER TABLE "products" ADD COLUMN "seller_rating_key" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_seller_published_idx" ON "reviews" USING btree ("published_at") WHERE "reviews"."author_role" = 'buyer' and "reviews"."hidden_at" is null;--> statement-breakpoint
-- The seller rating sort's key on each listing (decision 0046), kept by the database.
-- One definition of a seller's key: their visible buyer reviews' average (to one
-- decimal) x 10 x 100,000 + their number (capped), 0 without any. "Visible" as in
-- modules/sellers/seller-ratings.ts: published (past the seal) and not hidden. One join
-- for many sellers, not a query per seller: a bulk load's reviews, not yet analyzed,
-- would be read whole for each seller.
CREATE FUNCTION "seller_rating_keys"("sellers" text[]) RETURNS TABLE ("seller" text, "rating_key" integer) LANGUAGE sql STABLE AS $$
  SELECT s."id",
    coalesce(((round(avg(r."rating"), 1) * 10)::int * 100000 + least(count(r."id"), 99999))::int, 0)
  FROM (SELECT DISTINCT unnest("sellers") AS "id") AS s
  LEFT JOIN "reviews" AS r ON r."subject_id" = s."id" AND r."author_role" = 'buyer'
    AND r."published_at" <= now() AND r."hidden_at" IS NULL
  GROUP BY s."id"
$$;--> statement-breakpoint
-- Writing a seller's key and reading it for a new listing take turns per seller, so a
-- review and a listing saved at the same moment cannot leave the listing with the key
-- from before the review: an advisory lock (7202613, bucket), exclusive to write and
-- shared to read. Sellers share 256 buckets, so that a statement changing thousands of
-- sellers' reviews takes at most 256 locks; buckets are taken in order (no deadlock
-- between two such statements).
CREATE FUNCTION "lock_seller_rating_keys"("sellers" text[], "shared" boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bucket integer;
BEGIN
  FOR bucket IN SELECT DISTINCT hashtext(s) & 255 FROM unnest(sellers) AS s ORDER BY 1 LOOP
    IF shared THEN
      PERFORM pg_advisory_xact_lock_shared(7202613, bucket);
    ELSE
      PERFORM pg_advisory_xact_lock(7202613, bucket);
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
-- Recomputes the sellers' keys from their reviews (never adds to them: running it again
-- changes nothing) and writes them on their listings that differ; answers how many.
-- After the lock, the update reads the reviews as committed then (read committed).
CREATE FUNCTION "refresh_seller_rating_keys"("sellers" text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF coalesce(cardinality(sellers), 0) = 0 THEN
    RETURN 0;
  END IF;
  PERFORM "lock_seller_rating_keys"(sellers, false);
  -- Each seller's key computed once (materialized: not again for each of their listings).
  WITH k AS MATERIALIZED (SELECT * FROM "seller_rating_keys"(sellers))
  UPDATE "products" AS p SET "seller_rating_key" = k."rating_key"
  FROM k
  WHERE p."seller_id" = k."seller" AND p."seller_rating_key" <> k."rating_key";
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$;--> statement-breakpoint
-- Any change to a buyer's review that can change what a visitor reads (written,
-- published, hidden or shown again, its stars, deleted) refreshes its seller's key, once
-- per seller per statement. A review that opens by time changes no row: a job queued
-- for that moment, and an hourly sweep, refresh it (modules/sellers/seller-rating-keys.ts).
CREATE FUNCTION "reviews_seller_rating_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_seller_rating_keys"(array(
      SELECT DISTINCT "subject_id" FROM "new_reviews" WHERE "author_role" = 'buyer'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_seller_rating_keys"(array(
      SELECT DISTINCT "subject_id" FROM "old_reviews" WHERE "author_role" = 'buyer'));
  ELSE
    PERFORM "refresh_seller_rating_keys"(array(
      SELECT DISTINCT side."subject_id"
      FROM "old_reviews" AS o
      JOIN "new_reviews" AS n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES (o."subject_id", o."author_role"), (n."subject_id", n."author_role"))
        AS side("subject_id", "author_role")
      WHERE side."author_role" = 'buyer'
        AND (o."rating", o."published_at", o."hidden_at", o."subject_id", o."author_role")
          IS DISTINCT FROM (n."rating", n."published_at", n."hidden_at", n."subject_id", n."author_role")));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_seller_rating_keys_insert" AFTER INSERT ON "reviews"
REFERENCING NEW TABLE AS "new_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "reviews_seller_rating_keys"();--> statement-breakpoint
CREATE TRIGGER "reviews_seller_rating_keys_update" AFTER UPDATE ON "reviews"
REFERENCING OLD TABLE AS "old_reviews" NEW TABLE AS "new_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "reviews_seller_rating_keys"();--> statement-breakpoint
CREATE TRIGGER "reviews_seller_rating_keys_delete" AFTER DELETE ON "reviews"
REFERENCING OLD TABLE AS "old_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "reviews_seller_rating_keys"();--> statement-breakpoint
-- A new listing starts with its seller's current key. (A listing never changes seller.)
CREATE FUNCTION "products_seller_rating_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lock_seller_rating_keys"(ARRAY[NEW."seller_id"], true);
  NEW."seller_rating_key" := (SELECT "rating_key" FROM "seller_rating_keys"(ARRAY[NEW."seller_id"]));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_seller_rating_key" BEFORE INSERT ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_seller_rating_key"();--> statement-breakpoint
-- The listings of sellers already reviewed, before their indexes are built.
SELECT "refresh_seller_rating_keys"(array(
  SELECT DISTINCT "subject_id" FROM "reviews" WHERE "author_role" = 'buyer'));--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("seller_rating_key" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_available_category_rating_idx" ON "products" USING btree ("category_id","seller_rating_key" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_category_rating_listing_idx" ON "products" USING btree ("category_id","seller_rating_key" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null;
