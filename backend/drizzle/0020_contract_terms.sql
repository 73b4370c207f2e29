CREATE TABLE "contract_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"runtime" text NOT NULL,
	"product_type" text NOT NULL,
	"base_price" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_terms_contract_idx" ON "contract_terms" USING btree ("contract_id","valid_from");--> statement-breakpoint
CREATE INDEX "backup_archives_month_idx" ON "backup_archives" USING btree ("month","id");--> statement-breakpoint
CREATE INDEX "invoice_positions_contract_idx" ON "invoice_positions" USING btree ("contract_id");--> statement-breakpoint
UPDATE "shop_products" SET "title" = 'Backup-Archiv: 10 Jahre Aufbewahrung', "shop_title" = 'Backup-Archiv 10 Jahre', "description" = 'Ihre monatlichen Backup-Archive (Profil → Backup) werden 10 Jahre statt 12 Monate aufbewahrt, solange die Option gebucht ist.' WHERE "name" = 'backup-archiv';