-- Contracts written before the package model knew only the state 'active' (a contract of a care
-- home, paid by the pharmacy). They become booked yearly contracts with login from their creation
-- day on, paid by the pharmacy (its customer number from the settings), Basis at 59 € per month.
UPDATE "contracts" SET
	"state" = 'booked',
	"type" = 'ROLE_PHARMA',
	"debtor_id" = coalesce((SELECT nullif("debtor_id", '') FROM "settings" WHERE "id" = 1), 'APO'),
	"company" = coalesce((SELECT "company" FROM "settings" WHERE "id" = 1), ''),
	"runtime" = 'year',
	"product_type" = 'basic',
	"base_price" = 5900,
	"with_login" = true,
	"started_on" = ("created_at" AT TIME ZONE 'Europe/Berlin')::date,
	"valid_from" = ("created_at" AT TIME ZONE 'Europe/Berlin')::date,
	"valid_to" = (("created_at" AT TIME ZONE 'Europe/Berlin')::date + interval '1 year' - interval '1 day')::date
WHERE "state" = 'active';
