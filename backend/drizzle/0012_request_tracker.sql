CREATE TABLE "document_task_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"state" text NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "document_tasks" (
	"document_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "document_tasks_document_id_task_id_pk" PRIMARY KEY("document_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reason" text DEFAULT 'follow-up' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "supply_days" smallint;--> statement-breakpoint
ALTER TABLE "document_task_history" ADD CONSTRAINT "document_task_history_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_task_history" ADD CONSTRAINT "document_task_history_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_task_history" ADD CONSTRAINT "document_task_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_tasks" ADD CONSTRAINT "document_tasks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_tasks" ADD CONSTRAINT "document_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_task_history_item_idx" ON "document_task_history" USING btree ("document_id","task_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_tasks_current_task_idx" ON "document_tasks" USING btree ("task_id") WHERE "document_tasks"."current";--> statement-breakpoint
CREATE INDEX "document_tasks_current_state_idx" ON "document_tasks" USING btree ("state","task_id") WHERE "document_tasks"."current";--> statement-breakpoint
CREATE INDEX "document_tasks_remind_idx" ON "document_tasks" USING btree ("remind_at") WHERE "document_tasks"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "document_tasks_task_idx" ON "document_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at" DESC NULLS LAST,"id");