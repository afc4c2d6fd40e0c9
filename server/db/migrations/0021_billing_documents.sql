CREATE TABLE "billing_details" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"tax_id" text,
	"email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"source" text NOT NULL,
	"license_id" text,
	"checkout_id" uuid,
	"corrects_id" uuid,
	"currency" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_sequences_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_number" ON "billing_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_source" ON "billing_documents" USING btree ("kind","source");--> statement-breakpoint
CREATE INDEX "billing_documents_account" ON "billing_documents" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "billing_documents_issued" ON "billing_documents" USING btree ("issued_at");