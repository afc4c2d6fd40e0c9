CREATE TABLE "test_artifacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"file_type" text NOT NULL,
	"conversation_log" integer DEFAULT 0 NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_type" text NOT NULL,
	"status" text NOT NULL,
	"branch" text NOT NULL,
	"build_number" text NOT NULL,
	"build_url" text,
	"commit" text NOT NULL,
	"duration_seconds" integer,
	"exit_code" integer,
	"error_message" text,
	"log_content" text,
	"screenshot_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_artifacts" ADD CONSTRAINT "test_artifacts_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_artifacts_run" ON "test_artifacts" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_runs_build" ON "test_runs" USING btree ("branch","build_number","test_type") WHERE "test_runs"."build_number" <> 'unknown';--> statement-breakpoint
CREATE INDEX "test_runs_created" ON "test_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "test_runs_type_created" ON "test_runs" USING btree ("test_type","created_at");