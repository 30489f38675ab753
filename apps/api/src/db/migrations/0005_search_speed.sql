-- pg_trgm (trusted since PostgreSQL 13, so a database owner may create it) gives the
-- typo-tolerant name search; PGlite loads it as a contrib extension (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_category_listing_idx";--> statement-breakpoint
DROP INDEX "products_latest_idx";--> statement-breakpoint
DROP INDEX "products_advertised_idx";--> statement-breakpoint
DROP INDEX "products_seller_idx";--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_available_category_newest_idx" ON "products" USING btree ("category_id","date_of_post" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_available_category_price_idx" ON "products" USING btree ("category_id","resale_price_cents","id") WHERE "products"."deleted_at" is null and "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category_id","date_of_post" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_latest_idx" ON "products" USING btree ("date_of_post" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_advertised_idx" ON "products" USING btree ("date_of_post" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'available' and "products"."is_advertised";--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id","date_of_post" DESC NULLS FIRST);