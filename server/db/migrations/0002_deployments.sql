CREATE TABLE "deployment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deployment_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deployment_setup_steps" (
	"deployment_id" uuid NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"emoji" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"output" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "deployment_setup_steps_deployment_id_id_pk" PRIMARY KEY("deployment_id","id")
);
--> statement-breakpoint
CREATE TABLE "deployments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"deployment_config_id" text NOT NULL,
	"provider" text NOT NULL,
	"server_id" text,
	"status" text NOT NULL,
	"ipv4" text,
	"ui_url" text,
	"version" text,
	"timeout_mins" integer,
	"hourly_rate_cents" integer,
	"error_message" text,
	"ssh_public_key" text,
	"ssh_private_key" text,
	"idempotency_key" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_meta" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"huggingface_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deployment_events" ADD CONSTRAINT "deployment_events_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployment_setup_steps" ADD CONSTRAINT "deployment_setup_steps_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_meta" ADD CONSTRAINT "user_meta_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deployment_events_deployment" ON "deployment_events" USING btree ("deployment_id","at");--> statement-breakpoint
CREATE INDEX "deployments_user" ON "deployments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deployments_status" ON "deployments" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_idempotency" ON "deployments" USING btree ("user_id","idempotency_key");