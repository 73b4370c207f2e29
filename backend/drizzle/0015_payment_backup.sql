CREATE TABLE "backup_archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"home_id" uuid,
	"office_id" uuid,
	"doctor_id" uuid,
	"month" text NOT NULL,
	"name" text NOT NULL,
	"original" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"downloaded_at" timestamp with time zone,
	"downloaded_by" uuid,
	CONSTRAINT "backup_archives_month_chk" CHECK ("backup_archives"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "backup_archives_one_owner_chk" CHECK (num_nonnulls("backup_archives"."home_id", "backup_archives"."office_id", "backup_archives"."doctor_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "payment_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"debtor_key" text NOT NULL,
	"debtor_type" text NOT NULL,
	"home_id" uuid,
	"doctor_id" uuid,
	"reference" text NOT NULL,
	"company" text NOT NULL,
	"email" text NOT NULL,
	"iban_cipher" text NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"signed_on" date NOT NULL,
	"sequence_type" text DEFAULT 'FRST' NOT NULL,
	"last_collected_at" timestamp with time zone,
	"granted_by" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "payment_mandates_debtor_type_chk" CHECK ("payment_mandates"."debtor_type" in ('pharma', 'homes', 'doctors')),
	CONSTRAINT "payment_mandates_sequence_chk" CHECK ("payment_mandates"."sequence_type" in ('FRST', 'RCUR'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "creditor_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_archives" ADD CONSTRAINT "backup_archives_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_archives" ADD CONSTRAINT "backup_archives_office_id_doctor_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."doctor_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_archives" ADD CONSTRAINT "backup_archives_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_archives" ADD CONSTRAINT "backup_archives_downloaded_by_users_id_fk" FOREIGN KEY ("downloaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backup_archives_owner_month_idx" ON "backup_archives" USING btree ("owner_key","month");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_archives_name_idx" ON "backup_archives" USING btree ("name");--> statement-breakpoint
CREATE INDEX "backup_archives_home_idx" ON "backup_archives" USING btree ("home_id","month");--> statement-breakpoint
CREATE INDEX "backup_archives_office_idx" ON "backup_archives" USING btree ("office_id","month");--> statement-breakpoint
CREATE INDEX "backup_archives_doctor_idx" ON "backup_archives" USING btree ("doctor_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_mandates_active_idx" ON "payment_mandates" USING btree ("debtor_key") WHERE "payment_mandates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "payment_mandates_debtor_idx" ON "payment_mandates" USING btree ("debtor_key","granted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_mandates_reference_idx" ON "payment_mandates" USING btree ("reference");