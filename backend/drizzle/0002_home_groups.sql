CREATE TABLE "home_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_home_groups" (
	"user_id" uuid NOT NULL,
	"home_group_id" uuid NOT NULL,
	CONSTRAINT "user_home_groups_user_id_home_group_id_pk" PRIMARY KEY("user_id","home_group_id")
);
--> statement-breakpoint
ALTER TABLE "home_groups" ADD CONSTRAINT "home_groups_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_home_groups" ADD CONSTRAINT "user_home_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_home_groups" ADD CONSTRAINT "user_home_groups_home_group_id_home_groups_id_fk" FOREIGN KEY ("home_group_id") REFERENCES "public"."home_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_groups_home_idx" ON "home_groups" USING btree ("home_id");--> statement-breakpoint
CREATE UNIQUE INDEX "home_groups_home_name_lower_idx" ON "home_groups" USING btree ("home_id",lower("name"));--> statement-breakpoint
CREATE INDEX "user_home_groups_group_idx" ON "user_home_groups" USING btree ("home_group_id");