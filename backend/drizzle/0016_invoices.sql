CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"sort" smallint NOT NULL,
	"kind" text NOT NULL,
	"contract_id" uuid,
	"contract_ref" text DEFAULT '' NOT NULL,
	"item_key" text,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"party_role" text NOT NULL,
	"party_home_id" uuid,
	"party_doctor_id" uuid,
	"party_name" text NOT NULL,
	"party_debtor_no" text DEFAULT '' NOT NULL,
	"with_login" boolean DEFAULT false NOT NULL,
	"party_modified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"debtor_key" text NOT NULL,
	"debtor_type" text NOT NULL,
	"home_id" uuid,
	"doctor_id" uuid,
	"debtor_no" text DEFAULT '' NOT NULL,
	"debtor_name" text NOT NULL,
	"address" jsonb NOT NULL,
	"with_login" boolean DEFAULT false NOT NULL,
	"period" date NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"vat_percent" smallint DEFAULT 19 NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"direct_debit" boolean DEFAULT false NOT NULL,
	"file_id" uuid,
	"file_name" text NOT NULL,
	"downloaded_at" timestamp with time zone,
	"downloaded_by" uuid,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancels_id" uuid,
	"credit_note_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	CONSTRAINT "invoices_kind_chk" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_debtor_type_chk" CHECK ("invoices"."debtor_type" in ('pharma', 'homes', 'doctors')),
	CONSTRAINT "invoices_status_chk" CHECK ("invoices"."status" in ('unread', 'open', 'pending', 'paid', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_party_home_id_homes_id_fk" FOREIGN KEY ("party_home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_party_doctor_id_doctors_id_fk" FOREIGN KEY ("party_doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_downloaded_by_users_id_fk" FOREIGN KEY ("downloaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancels_id_invoices_id_fk" FOREIGN KEY ("cancels_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_positions_invoice_idx" ON "invoice_positions" USING btree ("invoice_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_seq_idx" ON "invoices" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_debtor_period_idx" ON "invoices" USING btree ("debtor_key","period") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_home_number_idx" ON "invoices" USING btree ("home_id","number") WHERE "invoices"."home_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_doctor_number_idx" ON "invoices" USING btree ("doctor_id","number") WHERE "invoices"."doctor_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("status","number");--> statement-breakpoint
CREATE INDEX "invoices_period_number_idx" ON "invoices" USING btree ("period","number");--> statement-breakpoint
CREATE INDEX "invoices_search_trgm_idx" ON "invoices" USING gin (search_text("number", "debtor_name", "debtor_no") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "invoices_unprinted_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."file_id" is null;