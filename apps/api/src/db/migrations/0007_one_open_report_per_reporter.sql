-- A person's repeated open reports of one product: the first stays open, the rest are
-- dismissed, so that the unique index can be built on a database that has them.
UPDATE "reports" SET "resolved_at" = now(), "resolution" = 'dismissed'
WHERE "resolved_at" IS NULL AND "id" NOT IN (
  SELECT DISTINCT ON ("product_id", "reporter_id") "id" FROM "reports"
  WHERE "resolved_at" IS NULL
  ORDER BY "product_id", "reporter_id", "created_at", "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter" ON "reports" USING btree ("product_id","reporter_id") WHERE "reports"."resolved_at" is null;