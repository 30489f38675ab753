ALTER TABLE "orders" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
-- Holds running now belong to their orders from the start.
UPDATE "orders" SET "held_until" = "products"."held_until"
FROM "products" WHERE "products"."held_by_order_id" = "orders"."id";
