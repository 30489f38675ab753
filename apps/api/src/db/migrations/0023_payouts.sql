-- Written by hand, before what drizzle-kit generated: the migrations run in one
-- transaction, and on a database migrated from before 0020 the ledger's history rows
-- still have their commit-time checks pending, which forbid altering ledger_entries.
-- They are run now; deferred again at the end of this file.
SET CONSTRAINTS "ledger_entries_check", "ledger_transactions_check" IMMEDIATE;--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"transfers_enabled" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "payout_accounts_provider_known" CHECK ("payout_accounts"."provider" in ('stripe', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"provider" text NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" in ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"metadata" jsonb NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"transfers_active" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_connected_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"destination" text NOT NULL,
	"transfer_group" text,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_transfers_amount_positive" CHECK ("sandbox_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_known";--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_known";--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_known" CHECK (("ledger_entries"."account" = 'buyer_payments' and "ledger_entries"."amount_cents" < 0)
        or (("ledger_entries"."account" in ('refunds_out', 'platform_fees')
          or "ledger_entries"."account" ~ '^seller_paid_out:.+$') and "ledger_entries"."amount_cents" > 0)
        or "ledger_entries"."account" ~ '^order_held:[0-9a-f-]{36}$'
        or "ledger_entries"."account" ~ '^seller_available:.+$'
        or "ledger_entries"."account" ~ '^seller_payout_pending:.+$');--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_known" CHECK ("ledger_transactions"."kind" in ('charge', 'refund', 'release', 'payout_start', 'payout', 'payout_return'));--> statement-breakpoint
-- A payout waits in seller_payout_pending:<seller> between being decided and the
-- processor's transfer (decision 0037): like held money and a seller's balance, it can
-- never go below zero. Same function as migration 0020's, with that account added.
CREATE OR REPLACE FUNCTION "ledger_entries_check"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF NEW."amount_cents" < 0 AND (NEW."account" LIKE 'order_held:%'
      OR NEW."account" LIKE 'seller_available:%'
      OR NEW."account" LIKE 'seller_payout_pending:%') THEN
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
SET CONSTRAINTS "ledger_entries_check", "ledger_transactions_check" DEFERRED;
