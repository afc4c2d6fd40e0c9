ALTER TABLE "balances" ADD COLUMN "monthly_spend_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "document_id" uuid;--> statement-breakpoint
CREATE INDEX "ledger_reference" ON "ledger_entries" USING btree ("reference");