-- "XPS13" and "XPS 13" are one family: letters and digits only. Dropping the column
-- drops the fair-price index on it, made again below as 0033 made it.
ALTER TABLE "products" drop column "model_family";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_family" text GENERATED ALWAYS AS (regexp_replace(lower(model), '[^a-z0-9]+', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "products_fair_price_idx" ON "products" USING btree ("category_id","model_family","ram_gb","storage_gb","years_of_use","id") WHERE "products"."status" = 'sold' and "products"."model_family" <> '';
