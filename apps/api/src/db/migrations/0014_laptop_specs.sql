ALTER TABLE "products" ADD COLUMN "more_photos" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "was_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cpu_family" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cpu_model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cpu_generation" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ram_gb" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "graphics" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "screen_inches" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "screen_resolution" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "operating_system" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "keyboard_layout" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_health" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_cycles" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "charger_included" boolean;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "known_issues" text;--> statement-breakpoint
CREATE INDEX "products_more_photos_idx" ON "products" USING gin ("more_photos");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_more_photos_count" CHECK (cardinality("products"."more_photos") <= 7);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_was_price_positive" CHECK ("products"."was_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ram_range" CHECK ("products"."ram_gb" between 1 and 256);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_storage_range" CHECK ("products"."storage_gb" between 8 and 16384);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_screen_range" CHECK ("products"."screen_inches" between 10 and 20);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_battery_health_range" CHECK ("products"."battery_health" between 1 and 100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_battery_cycles_range" CHECK ("products"."battery_cycles" between 0 and 5000);