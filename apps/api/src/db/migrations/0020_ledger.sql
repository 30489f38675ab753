CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_account_known" CHECK (("ledger_entries"."account" = 'buyer_payments' and "ledger_entries"."amount_cents" < 0)
        or (("ledger_entries"."account" in ('refunds_out', 'platform_fees')
          or "ledger_entries"."account" ~ '^seller_paid_out:.+$') and "ledger_entries"."amount_cents" > 0)
        or "ledger_entries"."account" ~ '^order_held:[0-9a-f-]{36}$'
        or "ledger_entries"."account" ~ '^seller_available:.+$')
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"idempotency_key" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_kind_known" CHECK ("ledger_transactions"."kind" in ('charge', 'refund', 'release', 'payout'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_order_idx" ON "ledger_transactions" USING btree ("order_id");--> statement-breakpoint
-- The ledger's rules are kept by the database too, so no code path (a job, a script, a
-- bug) can bypass the service (decision 0032). Rows are never changed or removed: a
-- correction is a new transaction. REVOKE would not hold, the app owns its tables.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
-- Checked at commit (deferred), once every entry of the transaction is in: it sums to
-- zero, its held money is its own order's, and no held or seller balance is below zero.
CREATE FUNCTION "ledger_entries_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  owner text;
BEGIN
  SELECT sum("amount_cents") INTO total FROM "ledger_entries"
  WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %',
      NEW."transaction_id", total USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."account" LIKE 'order_held:%' THEN
    SELECT "order_id"::text INTO owner FROM "ledger_transactions" WHERE "id" = NEW."transaction_id";
    IF owner IS DISTINCT FROM substr(NEW."account", 12) THEN
      RAISE EXCEPTION 'ledger transaction % moves money held for another order (%)',
        NEW."transaction_id", NEW."account" USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW."amount_cents" < 0 AND (NEW."account" LIKE 'order_held:%' OR NEW."account" LIKE 'seller_available:%') THEN
    SELECT sum("amount_cents") INTO total FROM "ledger_entries" WHERE "account" = NEW."account";
    IF total < 0 THEN
      RAISE EXCEPTION 'ledger account % would be overdrawn (%)', NEW."account", total
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_check" AFTER INSERT ON "ledger_entries"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entries_check"();
--> statement-breakpoint
-- A transaction moves money from somewhere to somewhere: two entries at least.
CREATE FUNCTION "ledger_transactions_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM "ledger_entries" WHERE "transaction_id" = NEW."id") < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has fewer than two entries', NEW."id"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_check" AFTER INSERT ON "ledger_transactions"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transactions_check"();
--> statement-breakpoint
-- Money recorded before the ledger, keyed as the payments service keys it: each sale a
-- charge that stays held, each refund a charge and the refund of it.
INSERT INTO "ledger_transactions" ("kind", "order_id", "idempotency_key", "description", "created_at")
SELECT 'charge', "order_id", 'charge:' || "transaction_id", 'Card payment ' || "transaction_id", "created_at"
FROM "payments" WHERE "amount_cents" > 0
UNION ALL
SELECT 'charge', "order_id", 'charge:' || "transaction_id", 'Card payment ' || "transaction_id", "created_at"
FROM "refunds" WHERE "amount_cents" > 0
UNION ALL
SELECT 'refund', "order_id", 'refund:' || "transaction_id", 'Refund of ' || "transaction_id" || ' (' || "reason" || ')', "created_at"
FROM "refunds" WHERE "amount_cents" > 0;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account", "amount_cents", "created_at")
SELECT "t"."id", "leg"."account", "leg"."amount", "m"."created_at"
FROM (
  SELECT "order_id", "transaction_id", "amount_cents", "created_at" FROM "payments"
  UNION ALL
  SELECT "order_id", "transaction_id", "amount_cents", "created_at" FROM "refunds"
) AS "m"
JOIN "ledger_transactions" AS "t" ON "t"."idempotency_key" = 'charge:' || "m"."transaction_id"
CROSS JOIN LATERAL (VALUES
  ('buyer_payments', -"m"."amount_cents"::bigint),
  ('order_held:' || "m"."order_id", "m"."amount_cents"::bigint)
) AS "leg"("account", "amount");
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account", "amount_cents", "created_at")
SELECT "t"."id", "leg"."account", "leg"."amount", "r"."created_at"
FROM "refunds" AS "r"
JOIN "ledger_transactions" AS "t" ON "t"."idempotency_key" = 'refund:' || "r"."transaction_id"
CROSS JOIN LATERAL (VALUES
  ('order_held:' || "r"."order_id", -"r"."amount_cents"::bigint),
  ('refunds_out', "r"."amount_cents"::bigint)
) AS "leg"("account", "amount");
