CREATE TABLE "sepa_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"message_id" text NOT NULL,
	"transactions" integer NOT NULL,
	"control_sum_cents" bigint NOT NULL,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sepa_submissions" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"export_id" uuid NOT NULL,
	"mandate_id" uuid NOT NULL,
	"sequence_type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"collection_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "creditor_iban" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "creditor_bic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sepa_exports" ADD CONSTRAINT "sepa_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_submissions" ADD CONSTRAINT "sepa_submissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_submissions" ADD CONSTRAINT "sepa_submissions_export_id_sepa_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."sepa_exports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_submissions" ADD CONSTRAINT "sepa_submissions_mandate_id_payment_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."payment_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_exports_message_idx" ON "sepa_exports" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "sepa_exports_month_idx" ON "sepa_exports" USING btree ("month","created_at");--> statement-breakpoint
CREATE INDEX "sepa_submissions_export_idx" ON "sepa_submissions" USING btree ("export_id");--> statement-breakpoint
CREATE INDEX "sepa_submissions_mandate_idx" ON "sepa_submissions" USING btree ("mandate_id");