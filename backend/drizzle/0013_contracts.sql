CREATE SEQUENCE "public"."contract_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "contract_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"product" text NOT NULL,
	"title" text NOT NULL,
	"shop_title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_formula" text DEFAULT '' NOT NULL,
	"interval" text NOT NULL,
	"price" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" date,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_requests" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_requests_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"name" text PRIMARY KEY NOT NULL,
	"catalogue" text NOT NULL,
	"title" text NOT NULL,
	"shop_title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_formula" text DEFAULT '' NOT NULL,
	"interval" text NOT NULL,
	"price" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"meeting" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "state" SET DEFAULT 'new';--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "contract_no" integer DEFAULT nextval('contract_no_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "debtor_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "type" text DEFAULT 'ROLE_PHARMA' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "version" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "runtime" text DEFAULT 'year' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "product_type" text DEFAULT 'basic' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "units" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "base_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "started_on" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "valid_to" date;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "with_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "assumption_of_costs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "next_runtime" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "next_type" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "prev_contract_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "contract_ref_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "modified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "modified_by" uuid;--> statement-breakpoint
ALTER TABLE "contract_items" ADD CONSTRAINT "contract_items_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_requests" ADD CONSTRAINT "contract_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_items_key_idx" ON "contract_items" USING btree ("contract_id","item_key");--> statement-breakpoint
CREATE INDEX "contract_requests_created_idx" ON "contract_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shop_products_catalogue_idx" ON "shop_products" USING btree ("catalogue","sort");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_prev_contract_id_contracts_id_fk" FOREIGN KEY ("prev_contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contract_ref_id_contracts_id_fk" FOREIGN KEY ("contract_ref_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_no_debtor_idx" ON "contracts" USING btree ("contract_no","debtor_id");--> statement-breakpoint
CREATE INDEX "contracts_valid_to_idx" ON "contracts" USING btree ("state","valid_to");