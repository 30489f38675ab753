DROP INDEX "admin_actions_created_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_idx";--> statement-breakpoint
DROP INDEX "reports_open_idx";--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at" DESC NULLS FIRST) WHERE "reports"."resolved_at" is null;