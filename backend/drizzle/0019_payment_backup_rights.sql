-- New rights of an existing matrix (a fresh database gets the default matrix after the migrations):
-- administrators the direct-debit export (invoice_sepa_export_view, new in the catalogue);
-- accounting the SEPA mandate tab, granting mandates and the export; every user of a home or a
-- practice the backup tab and its archives. One new version, only once.
INSERT INTO "acl_matrix" ("version", "matrix")
SELECT m."version" + 1,
       jsonb_set(jsonb_set(jsonb_set(jsonb_set(m."matrix",
         '{ROLE_ADMIN,permissions}', (SELECT jsonb_agg(DISTINCT e) FROM jsonb_array_elements(coalesce(m."matrix" -> 'ROLE_ADMIN' -> 'permissions', '[]') || '["invoice_sepa_export_view"]'::jsonb) e)),
         '{ROLE_ACCOUNTING,permissions}', (SELECT jsonb_agg(DISTINCT e) FROM jsonb_array_elements(coalesce(m."matrix" -> 'ROLE_ACCOUNTING' -> 'permissions', '[]') || '["profile_mandate_view", "payment_edit_view", "invoice_sepa_export_view"]'::jsonb) e)),
         '{ROLE_HOME,permissions}', (SELECT jsonb_agg(DISTINCT e) FROM jsonb_array_elements(coalesce(m."matrix" -> 'ROLE_HOME' -> 'permissions', '[]') || '["profile_backup_view", "backup_list_view"]'::jsonb) e)),
         '{ROLE_DOCTOR,permissions}', (SELECT jsonb_agg(DISTINCT e) FROM jsonb_array_elements(coalesce(m."matrix" -> 'ROLE_DOCTOR' -> 'permissions', '[]') || '["profile_backup_view", "backup_list_view"]'::jsonb) e))
FROM "acl_matrix" m
WHERE m."version" = (SELECT max("version") FROM "acl_matrix")
  AND jsonb_typeof(m."matrix" -> 'ROLE_ADMIN' -> 'permissions') = 'array'
  AND NOT ((m."matrix" -> 'ROLE_ADMIN' -> 'permissions') ? 'invoice_sepa_export_view');
