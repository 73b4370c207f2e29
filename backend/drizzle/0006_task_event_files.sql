ALTER TABLE "task_events" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "task_events" ADD COLUMN "document" uuid;--> statement-breakpoint
CREATE INDEX "task_events_task_type_created_idx" ON "task_events" USING btree ("task_id","type","created_at");--> statement-breakpoint
CREATE INDEX "task_events_created_at_idx" ON "task_events" USING btree ("created_at");