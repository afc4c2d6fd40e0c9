ALTER TABLE "checkout_sessions" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "users_limit" integer;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "gpus_limit" integer;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "support_level" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "owner_token_hash" text;--> statement-breakpoint
CREATE INDEX "checkout_reference" ON "checkout_sessions" USING btree ("purpose","reference");