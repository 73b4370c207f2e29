-- Patients and doctors keep their salutation in the form the API answers: 'Herr', 'Frau' or '' (Nicht angegeben).
UPDATE "patients" SET "salutation" = CASE "salutation" WHEN 'mr' THEN 'Herr' WHEN 'mrs' THEN 'Frau' ELSE "salutation" END WHERE "salutation" IN ('mr', 'mrs');--> statement-breakpoint
UPDATE "doctors" SET "salutation" = CASE "salutation" WHEN 'mr' THEN 'Herr' WHEN 'mrs' THEN 'Frau' ELSE "salutation" END WHERE "salutation" IN ('mr', 'mrs');
