-- The administrator column of the rights matrix holds every permission of the catalogue. Starting
-- the monthly billing run (invoice_run_view) and cancelling an invoice by a credit note
-- (invoice_cancel_view) are new: an existing matrix gets a new version with both in that column.
-- A fresh database has no matrix yet here (the default one is written after the migrations).
INSERT INTO "acl_matrix" ("version", "matrix")
SELECT m."version" + 1,
       jsonb_set(m."matrix", '{ROLE_ADMIN,permissions}', (m."matrix" -> 'ROLE_ADMIN' -> 'permissions') || '["invoice_run_view", "invoice_cancel_view"]'::jsonb)
FROM "acl_matrix" m
WHERE m."version" = (SELECT max("version") FROM "acl_matrix")
  AND jsonb_typeof(m."matrix" -> 'ROLE_ADMIN' -> 'permissions') = 'array'
  AND NOT ((m."matrix" -> 'ROLE_ADMIN' -> 'permissions') ? 'invoice_run_view');
