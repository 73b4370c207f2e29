-- Infix search on names (filter[text]) is served by trigram indexes: pg_trgm ships with PostgreSQL's
-- contrib and with PGlite (loaded in core/db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The text the trigram indexes of patients and doctors cover: the words joined by spaces. A function
-- rather than the plain `a || ' ' || b` for its declared cost: the planner prices `||` so low that,
-- with a LIMIT, it walks the name index and tests row after row (10 ms and more for 20 000 patients,
-- depending on where in the alphabet the matches are) instead of using the trigram index (under
-- 1 ms). Priced honestly, the index wins. plpgsql, so the cost is not lost to inlining.
CREATE OR REPLACE FUNCTION search_text(VARIADIC parts text[]) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  AS $$ BEGIN RETURN array_to_string(parts, ' '); END $$;--> statement-breakpoint
CREATE TABLE "doctor_offices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"image" text,
	"contact_type" text DEFAULT 'phone' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"mail" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"salutation" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'Deutschland' NOT NULL,
	"deceased" boolean DEFAULT false NOT NULL,
	"home_id" uuid,
	"home_group_id" uuid,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "salutation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "expertise" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "country" text DEFAULT 'Deutschland' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "office_id" uuid;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "fax" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "preferred" text DEFAULT 'E-Mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "debtor_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "modified_by" uuid;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "firstname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "lastname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "country" text DEFAULT 'Deutschland' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "debtor_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "self_pay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "sender_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "sender_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "sender_fax" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "homes" ADD COLUMN "modified_by" uuid;--> statement-breakpoint
ALTER TABLE "doctor_offices" ADD CONSTRAINT "doctor_offices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_offices" ADD CONSTRAINT "doctor_offices_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_home_group_id_home_groups_id_fk" FOREIGN KEY ("home_group_id") REFERENCES "public"."home_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_offices_name_lower_idx" ON "doctor_offices" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "patients_home_idx" ON "patients" USING btree ("home_id");--> statement-breakpoint
CREATE INDEX "patients_home_group_idx" ON "patients" USING btree ("home_group_id");--> statement-breakpoint
CREATE INDEX "patients_created_at_idx" ON "patients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "patients_lastname_lower_idx" ON "patients" USING btree (lower("lastname"));--> statement-breakpoint
CREATE INDEX "patients_duplicate_idx" ON "patients" USING btree (lower("lastname"),"date_of_birth");--> statement-breakpoint
CREATE INDEX "patients_search_trgm_idx" ON "patients" USING gin (search_text("firstname", "lastname") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_office_id_doctor_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."doctor_offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctors_office_idx" ON "doctors" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "doctors_search_trgm_idx" ON "doctors" USING gin (search_text("title", "firstname", "lastname", "expertise") gin_trgm_ops) WITH (fastupdate=false);