/**
 * The permission catalogue: every permission name of the rights matrix, grouped by
 * area with German labels, plus the few names the server routes need that the spec leaves
 * unnamed. Added names (not in the spec): user_create_view, acl_edit_view, audit_list_view,
 * patient_edit_view, patient_delete_view, doctor_delete_view, doctor_office_delete_view,
 * home_create_view, home_delete_view, home_group_edit_view, invoice_list_view, contract_list_view,
 * contract_adoption_view, payment_edit_view, backup_list_view, profile_document_manage_view,
 * outbox_list_view, outbox_retry_view, contract_edit_view, invoice_sepa_export_view, invoice_run_view,
 * invoice_cancel_view. They follow the spec's naming.
 */
import type { AclRuleGroup } from '@mediport/contracts';

export const CATALOGUE = [
  {
    group: 'dashboard',
    label: 'Dashboard',
    sections: [
      {
        label: 'Übersicht',
        items: [
          { name: 'dashboard_view', label: 'Dashboard anzeigen', url: '/' },
          { name: 'dashboard_new_task_view', label: 'Kachel neue Aufträge', url: '/' },
          { name: 'dashboard_new_event_view', label: 'Kachel neue Nachrichten', url: '/' },
          { name: 'dashboard_new_pickup_view', label: 'Kachel neue Abholaufträge', url: '/' },
          { name: 'dashboard_new_home_view', label: 'Kachel neue Pflegeeinrichtungen', url: '/' },
          { name: 'dashboard_new_doctor_view', label: 'Kachel neue Ärzte', url: '/' },
          { name: 'dashboard_new_user_view', label: 'Kachel neue Nutzer', url: '/' },
          { name: 'dashboard_new_patient_view', label: 'Kachel neue Patienten', url: '/' },
        ],
      },
    ],
  },
  {
    group: 'sections',
    label: 'Navigation',
    sections: [
      {
        label: 'Bereiche der Seitenleiste',
        items: [
          { name: 'section_orders_view', label: 'Bereich Aufträge und Abholung' },
          { name: 'section_masterdata_view', label: 'Bereich Stammdaten' },
          { name: 'section_administration_view', label: 'Bereich Administration' },
        ],
      },
    ],
  },
  {
    group: 'tasks',
    label: 'Aufträge',
    sections: [
      {
        label: 'Liste',
        items: [
          { name: 'task_list_view', label: 'Aufträge anzeigen', url: '/anforderungen', api: 'GET /api/tasks', hasOnlyOwn: true },
          { name: 'task_column_messages_count_view', label: 'Spalte Nachrichten', url: '/anforderungen' },
          { name: 'task_column_patient_view', label: 'Spalte Patient', url: '/anforderungen' },
          { name: 'task_column_home_view', label: 'Spalte Einrichtung', url: '/anforderungen' },
          { name: 'task_column_medicine_view', label: 'Spalte Medikament', url: '/anforderungen' },
          { name: 'task_column_doctor_view', label: 'Spalte Arzt', url: '/anforderungen' },
          { name: 'task_column_actions_view', label: 'Spalte Aktionen', url: '/anforderungen' },
        ],
      },
      {
        label: 'Aktionen',
        items: [
          { name: 'task_create_view', label: 'Auftrag anlegen', url: '/v3/anforderung/neu', api: 'POST /api/tasks', canRequireContract: true, hasOnlyOwn: true },
          { name: 'task_create_recipe_requirement', label: 'Rezeptanforderung erzeugen', url: '/anforderungen/erzeugen', api: 'POST /api/documents/request' },
          { name: 'task_action_pickup_view', label: 'Abholauftrag erzeugen', api: 'PUT /api/tasks/{id}' },
          { name: 'task_action_print_view', label: 'Auftrag drucken', api: 'GET /api/tasks/{id}/print' },
          { name: 'task_action_mail_view', label: 'Per E-Mail senden', api: 'POST /api/documents' },
          { name: 'task_action_fax_view', label: 'Per Fax senden', api: 'POST /api/documents' },
          { name: 'task_action_template_view', label: 'Nachbestellen (Vorlage)', url: '/v3/anforderung/neu/{taskId}', canRequireContract: true },
          { name: 'task_action_edit_view', label: 'Auftrag bearbeiten', url: '/v3/anforderungen/bearbeiten/{id}', api: 'PUT /api/tasks/{id}', hasOnlyOwn: true },
          { name: 'task_action_finish_view', label: 'Vorgang abschließen', api: 'PUT /api/tasks/{id}' },
          { name: 'task_action_cancel_view', label: 'Vorgang stornieren', api: 'PUT /api/tasks/{id}' },
          { name: 'task_action_reopen_view', label: 'Vorgang wieder öffnen', api: 'PUT /api/tasks/{id}' },
          { name: 'task_import_view', label: 'Aufträge importieren', url: '/anforderungen/import', api: 'PUT /api/import/task' },
          { name: 'document_create', label: 'Dokumente erzeugen und versenden', api: 'POST /api/documents' },
        ],
      },
      {
        label: 'Abholung',
        items: [
          { name: 'pickup_list_view', label: 'Abholaufträge anzeigen', url: '/v3/abholauftraege', api: 'GET /api/tasks' },
          { name: 'pickup_create_view', label: 'Abholauftrag (PDF) erzeugen', api: 'POST /api/tasks/pickup' },
          { name: 'pickup_seen_view', label: 'Abholaufträge als gelesen markieren', api: 'PUT /api/statistics/pickup_read_all' },
          { name: 'pickup_task_delivery_view', label: 'Ausliefern', api: 'PUT /api/tasks/{id}' },
          { name: 'pickup_task_solve_view', label: 'Abschließen (Rezept abgeholt)', api: 'PUT /api/tasks/{id}' },
          { name: 'pickup_task_back_view', label: 'Zurückgeben', api: 'PUT /api/tasks/{id}' },
        ],
      },
    ],
  },
  {
    group: 'masterdata',
    label: 'Stammdaten',
    sections: [
      {
        label: 'Patienten',
        items: [
          { name: 'patient_list_view', label: 'Patienten anzeigen', url: '/patienten', api: 'GET /api/patients', hasOnlyOwn: true },
          { name: 'patient_create_view', label: 'Patient anlegen', url: '/patient/neu', api: 'POST /api/patients', hasOnlyOwn: true },
          { name: 'patient_edit_view', label: 'Patient bearbeiten', url: '/patient/{id}', api: 'PUT /api/patients/{id}', hasOnlyOwn: true },
          { name: 'patient_delete_view', label: 'Patient deaktivieren', url: '/patient/{id}/loeschen', api: 'DELETE /api/patients/{id}', hasOnlyOwn: true },
        ],
      },
      {
        label: 'Ärzte und Praxen',
        items: [
          { name: 'doctor_list_view', label: 'Ärzte anzeigen', url: '/aerzte', api: 'GET /api/doctors', hasOnlyOwn: true },
          { name: 'doctor_create_view', label: 'Arzt anlegen', url: '/arzt/neu', api: 'POST /api/doctors' },
          { name: 'doctor_edit_view', label: 'Arzt bearbeiten', url: '/arzt/{id}', api: 'PUT /api/doctors/{id}', hasOnlyOwn: true },
          { name: 'doctor_delete_view', label: 'Arzt deaktivieren', url: '/arzt/{id}/loeschen', api: 'DELETE /api/doctors/{id}' },
          { name: 'doctor_office_list_view', label: 'Arztpraxen anzeigen', url: '/v3/arztpraxis', api: 'GET /api/doctors/offices', hasOnlyOwn: true },
          { name: 'doctor_office_create_view', label: 'Arztpraxis anlegen', url: '/v3/arztpraxis/neu', api: 'POST /api/doctors/offices' },
          { name: 'doctor_office_edit_view', label: 'Arztpraxis bearbeiten', url: '/v3/arztpraxis/bearbeiten/{id}', api: 'PUT /api/doctors/offices', hasOnlyOwn: true },
          { name: 'doctor_office_delete_view', label: 'Arztpraxis löschen', api: 'DELETE /api/doctors/offices' },
        ],
      },
      {
        label: 'Pflegeeinrichtungen',
        items: [
          { name: 'home_list_view', label: 'Pflegeeinrichtungen anzeigen', url: '/einrichtungen', api: 'GET /api/homes', hasOnlyOwn: true },
          { name: 'home_create_view', label: 'Pflegeeinrichtung anlegen', url: '/einrichtung/neu', api: 'POST /api/homes' },
          { name: 'home_edit_view', label: 'Pflegeeinrichtung bearbeiten', url: '/einrichtung/{id}', api: 'PUT /api/homes/{id}', hasOnlyOwn: true },
          { name: 'home_delete_view', label: 'Pflegeeinrichtung löschen', url: '/einrichtung/{id}/loeschen', api: 'DELETE /api/homes/{id}' },
          { name: 'home_group_edit_view', label: 'Wohnbereiche verwalten', url: '/einrichtung/{id}/wohnbereich/{groupId}/loeschen', api: 'POST /api/homes/{id}/groups', hasOnlyOwn: true },
        ],
      },
      {
        label: 'Medikamente',
        items: [
          { name: 'medicine_list_view', label: 'Medikamente anzeigen', url: '/v3/medikamente', api: 'GET /api/medicine' },
          { name: 'medicine_activate_view', label: 'Medikament aktivieren', api: 'PUT /api/medicine' },
          { name: 'medicine_disable_view', label: 'Medikament deaktivieren', api: 'PUT /api/medicine' },
        ],
      },
    ],
  },
  {
    group: 'administration',
    label: 'Administration',
    sections: [
      {
        label: 'Nutzer',
        items: [
          { name: 'user_list_view', label: 'Nutzer anzeigen', url: '/nutzer', api: 'GET /api/users', hasOnlyOwn: true },
          { name: 'user_create_view', label: 'Nutzer anlegen', url: '/nutzer/neu', api: 'POST /api/users', hasOnlyOwn: true },
          { name: 'user-edit-btn', label: 'Nutzer bearbeiten und deaktivieren', url: '/nutzer/{id}', api: 'PUT /api/users/{id}', hasOnlyOwn: true },
          { name: 'user_create_role_admin_view', label: 'Rolle Administrator vergeben' },
          { name: 'user_create_role_manager_view', label: 'Rolle Manager vergeben' },
          { name: 'user_create_role_home_view', label: 'Rolle Heim vergeben' },
          { name: 'user_create_role_pharma_view', label: 'Rolle Apotheker vergeben' },
          { name: 'user_create_role_doctor_view', label: 'Rolle Arzt vergeben' },
          { name: 'user_create_role_driver_view', label: 'Rolle Fahrer vergeben' },
          { name: 'user_create_role_accounting_view', label: 'Rolle Buchhalter vergeben' },
          { name: 'masquerade_view', label: 'Als anderer Nutzer anmelden', url: '/v3/nutzer', api: 'POST /api/auth/masquerade/{userId}' },
        ],
      },
      {
        label: 'System',
        items: [
          { name: 'acl_list_view', label: 'Rechte anzeigen', url: '/v3/acl', api: 'GET /api/acl' },
          { name: 'acl_edit_view', label: 'Rechte ändern', url: '/v3/acl', api: 'PATCH /api/acl' },
          { name: 'settings_list', label: 'Firmeneinstellungen', url: '/einstellungen', api: 'PUT /api/settings' },
          { name: 'meeting_list_view', label: 'Termine anzeigen', url: '/v3/termine', api: 'GET /api/meetings' },
          { name: 'meeting_edit_view', label: 'Termine bearbeiten', url: '/v3/termine/{id}', api: 'PUT /api/meetings/{contractId}/{option}' },
          { name: 'audit_list_view', label: 'Protokoll anzeigen', api: 'GET /api/audit' },
          { name: 'outbox_list_view', label: 'Postausgang anzeigen', url: '/v3/postausgang', api: 'GET /api/outbox' },
          { name: 'outbox_retry_view', label: 'Nachrichten im Postausgang erneut senden', url: '/v3/postausgang', api: 'POST /api/outbox/{id}/retry' },
        ],
      },
    ],
  },
  {
    group: 'profile',
    label: 'Profil',
    sections: [
      {
        label: 'Reiter',
        items: [
          { name: 'profile_data_view', label: 'Stammdaten', url: '/profil?tab=0' },
          { name: 'profile_password_view', label: 'Passwort', url: '/profil?tab=1' },
          { name: 'profile_invoice_view', label: 'Rechnungen', url: '/profil?tab=2', hasOnlyOwn: true },
          { name: 'profile_contract_view', label: 'Verträge', url: '/profil?tab=3', hasOnlyOwn: true },
          { name: 'profile_document_view', label: 'Dokumente', url: '/profil?tab=4' },
          { name: 'profile_mandate_view', label: 'Mandat', url: '/profil?tab=5' },
          { name: 'profile_backup_view', label: 'Backup', url: '/profil?tab=6' },
          { name: 'profile_document_manage_view', label: 'Dokumente für Nutzer hinterlegen', api: 'POST /api/users/{id}/profile/documents' },
        ],
      },
      {
        label: 'Abrechnung',
        items: [
          { name: 'invoice_list_view', label: 'Rechnungen anzeigen', api: 'GET /api/invoices', hasOnlyOwn: true },
          { name: 'download_invoice_view', label: 'Rechnung herunterladen', api: 'GET /api/invoices/download/{id}', hasOnlyOwn: true },
          { name: 'switch_payment_state_invoice_view', label: 'Zahlstatus umschalten', api: 'PUT /api/invoices' },
          { name: 'invoice_run_view', label: 'Monatsabrechnung starten', api: 'POST /api/invoices/run' },
          { name: 'invoice_cancel_view', label: 'Rechnungen stornieren (Gutschrift)', api: 'PUT /api/invoices' },
          { name: 'contract_list_view', label: 'Verträge anzeigen', api: 'GET /api/contracts', hasOnlyOwn: true },
          { name: 'contract_adoption_view', label: 'Vertrag übernehmen', api: 'POST /api/contracts/{id}/adoption', hasOnlyOwn: true },
          { name: 'contract_edit_view', label: 'Verträge ändern (Shop, Laufzeit, Kündigung)', api: 'PUT /api/contracts/{id}', hasOnlyOwn: true },
          { name: 'payment_edit_view', label: 'SEPA-Mandat erteilen', api: 'PUT /api/users/{id}/paymentData' },
          { name: 'invoice_sepa_export_view', label: 'Lastschriften exportieren (SEPA)', api: 'GET /api/invoices/sepa' },
          { name: 'backup_list_view', label: 'Backups anzeigen', api: 'GET /api/backup' },
        ],
      },
    ],
  },
] as const satisfies readonly AclRuleGroup[];

type Items<G> = G extends { sections: readonly (infer S)[] } ? (S extends { items: readonly (infer I)[] } ? I : never) : never;
type CatalogueItem = Items<(typeof CATALOGUE)[number]>;

/** Every permission name of the product. */
export type PermissionName = CatalogueItem extends { name: infer N } ? N : never;

export const PERMISSION_NAMES: readonly PermissionName[] = CATALOGUE.flatMap((g) =>
  g.sections.flatMap((s) => s.items.map((i) => i.name as PermissionName)),
);

const NAME_SET = new Set<string>(PERMISSION_NAMES);

export function isPermissionName(value: string): value is PermissionName {
  return NAME_SET.has(value);
}

/** Names whose own-only toggle is meaningful (records carry a home or doctor). */
export const OWN_CAPABLE = new Set<string>(
  CATALOGUE.flatMap((g) => g.sections.flatMap((s) => s.items.filter((i) => 'hasOnlyOwn' in i && i.hasOnlyOwn).map((i) => i.name))),
);

/** Names that the home and doctor columns may mark as requiring a contract. */
export const CONTRACT_CAPABLE = new Set<string>(
  CATALOGUE.flatMap((g) =>
    g.sections.flatMap((s) => s.items.filter((i) => 'canRequireContract' in i && i.canRequireContract).map((i) => i.name)),
  ),
);
