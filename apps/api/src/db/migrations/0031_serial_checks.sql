CREATE TABLE "serial_flag_dismissals" (
	"serial_hash" text PRIMARY KEY NOT NULL,
	"product_ids" uuid[] NOT NULL,
	"dismissed_by" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stolen_serials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_hash" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"marked_by" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stolen_serials_serial_hash_unique" UNIQUE("serial_hash")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serial_hash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serial_from_device" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "serial_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "device_specs" boolean GENERATED ALWAYS AS (coalesce(spec_sources ?& array['cpuModel', 'ramGb', 'storageGb', 'batteryHealth'], false)) STORED;--> statement-breakpoint
ALTER TABLE "serial_flag_dismissals" ADD CONSTRAINT "serial_flag_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stolen_serials" ADD CONSTRAINT "stolen_serials_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serial_flag_dismissals_at_idx" ON "serial_flag_dismissals" USING btree ("dismissed_at");--> statement-breakpoint
CREATE INDEX "products_serial_hash_idx" ON "products" USING btree ("serial_hash") WHERE "products"."serial_hash" is not null;--> statement-breakpoint
CREATE INDEX "products_serial_checked_newest_idx" ON "products" USING btree ("date_of_post" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'available' and "products"."serial_checked";--> statement-breakpoint
CREATE INDEX "products_device_specs_newest_idx" ON "products" USING btree ("date_of_post" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'available' and "products"."device_specs";--> statement-breakpoint
-- "Serial checked" is kept by the database, so every path that lists, edits, withdraws,
-- sells or deletes a laptop (and every stolen mark) keeps it right: a listing's serial is
-- checked when it is not marked stolen and no other seller's listing for sale carries it.
CREATE FUNCTION "recheck_serial"(hash text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF hash IS NULL THEN RETURN; END IF;
  UPDATE "products" p SET "serial_checked" = checked.value
  FROM (
    SELECT q."id", (
      NOT EXISTS (SELECT 1 FROM "stolen_serials" s WHERE s."serial_hash" = hash)
      AND NOT EXISTS (
        SELECT 1 FROM "products" o
        WHERE o."serial_hash" = hash AND o."seller_id" <> q."seller_id"
          AND o."deleted_at" IS NULL AND o."status" = 'available'
      )
    ) AS value
    FROM "products" q WHERE q."serial_hash" = hash
  ) checked
  WHERE p."id" = checked."id" AND p."serial_checked" IS DISTINCT FROM checked.value;
END $$;
--> statement-breakpoint
CREATE FUNCTION "products_recheck_serial"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "recheck_serial"(OLD."serial_hash"); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW."serial_hash" IS DISTINCT FROM OLD."serial_hash") THEN
    PERFORM "recheck_serial"(NEW."serial_hash");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows with a serial (bulk loads of listings without one call nothing), and only
-- the columns the rule reads: the trigger's own update of serial_checked fires nothing.
CREATE TRIGGER "products_recheck_serial_insert" AFTER INSERT ON "products"
FOR EACH ROW WHEN (NEW."serial_hash" IS NOT NULL) EXECUTE FUNCTION "products_recheck_serial"();
--> statement-breakpoint
CREATE TRIGGER "products_recheck_serial_update" AFTER UPDATE OF "serial_hash", "seller_id", "deleted_at", "status" ON "products"
FOR EACH ROW WHEN (OLD."serial_hash" IS NOT NULL OR NEW."serial_hash" IS NOT NULL) EXECUTE FUNCTION "products_recheck_serial"();
--> statement-breakpoint
CREATE TRIGGER "products_recheck_serial_delete" AFTER DELETE ON "products"
FOR EACH ROW WHEN (OLD."serial_hash" IS NOT NULL) EXECUTE FUNCTION "products_recheck_serial"();
--> statement-breakpoint
CREATE FUNCTION "stolen_serials_recheck"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM "recheck_serial"(OLD."serial_hash");
  ELSE PERFORM "recheck_serial"(NEW."serial_hash"); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stolen_serials_recheck" AFTER INSERT OR DELETE ON "stolen_serials"
FOR EACH ROW EXECUTE FUNCTION "stolen_serials_recheck"();
