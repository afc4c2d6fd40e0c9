CREATE TABLE "admin_alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_alert_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"condition" boolean NOT NULL,
	"dedupe_key" text,
	"test" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"webhook_status" text NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_next_at" timestamp with time zone,
	"webhook_delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_alert_deliveries" ADD CONSTRAINT "admin_alert_deliveries_alert_id_admin_alert_history_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."admin_alert_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_alert_history" ADD CONSTRAINT "admin_alert_history_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_alert_deliveries_alert" ON "admin_alert_deliveries" USING btree ("alert_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_alert_history_dedupe" ON "admin_alert_history" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_alert_history_open_condition" ON "admin_alert_history" USING btree ("kind","subject") WHERE condition and cleared_at is null;--> statement-breakpoint
CREATE INDEX "admin_alert_history_created" ON "admin_alert_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_alert_history_webhook_due" ON "admin_alert_history" USING btree ("webhook_next_at") WHERE webhook_status = 'pending';