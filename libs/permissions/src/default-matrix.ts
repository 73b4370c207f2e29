/**
 * Default rights matrix per role, derived from the roles' descriptions (each role's workspace,
 * quoted above its entry). Entries may carry the suffix `_own`
 * (narrowed to the user's own home / doctor) and `_required_contract` (locked until the user's
 * home or doctor has a contract). `manager` lists permissions a role holds only together with
 * ROLE_MANAGER.
 */
import type { AclMatrix } from '@mediport/contracts';
import { PERMISSION_NAMES, type PermissionName } from './catalogue.js';

const own = (names: PermissionName[]) => names.map((n) => `${n}_own`);
const contract = (name: string) => `${name}_required_contract`;

/** Columns, actions and dashboard tiles every order-handling workspace sees. */
const TASK_COLUMNS: PermissionName[] = [
  'task_column_messages_count_view',
  'task_column_patient_view',
  'task_column_medicine_view',
  'task_column_doctor_view',
  'task_column_actions_view',
];
const BASE_PROFILE: PermissionName[] = ['profile_data_view', 'profile_password_view', 'profile_document_view'];

export const DEFAULT_MATRIX: AclMatrix = {
  // "Full access. May edit debtorId ..., and may masquerade." → every permission, unrestricted.
  // The admin column has no manager toggle, so its manager list stays empty.
  ROLE_ADMIN: { permissions: [...PERMISSION_NAMES], manager: [] },

  // The manager role only widens other roles (manager lists below); its column is hidden.
  ROLE_MANAGER: { permissions: [], manager: [] },

  // "Workspace for pharmacies": the pharmacy runs all orders, pickups, prescription requests and
  // master data of its homes and practices. User administration, role choices and the company
  // settings need manager + pharma (user list, role checkboxes, /einstellungen).
  ROLE_PHARMA: {
    permissions: [
      'dashboard_view',
      'dashboard_new_task_view',
      'dashboard_new_event_view',
      'dashboard_new_pickup_view',
      'dashboard_new_home_view',
      'dashboard_new_doctor_view',
      'dashboard_new_patient_view',
      'section_orders_view',
      'section_masterdata_view',
      'task_list_view',
      ...TASK_COLUMNS,
      'task_column_home_view',
      'task_create_view',
      'task_create_recipe_requirement',
      'task_action_pickup_view',
      'task_action_print_view',
      'task_action_mail_view',
      'task_action_fax_view',
      'task_action_template_view',
      'task_action_edit_view',
      'task_action_finish_view',
      'task_action_cancel_view',
      'task_action_reopen_view',
      'task_import_view',
      'document_create',
      'pickup_list_view',
      'pickup_create_view',
      'pickup_seen_view',
      'pickup_task_delivery_view',
      'pickup_task_solve_view',
      'pickup_task_back_view',
      'patient_list_view',
      'patient_create_view',
      'patient_edit_view',
      'patient_delete_view',
      'doctor_list_view',
      'doctor_create_view',
      'doctor_edit_view',
      'doctor_delete_view',
      'doctor_office_list_view',
      'doctor_office_create_view',
      'doctor_office_edit_view',
      'home_list_view',
      'home_create_view',
      'home_edit_view',
      'home_group_edit_view',
      'medicine_list_view',
      'medicine_activate_view',
      'medicine_disable_view',
      'meeting_list_view',
      ...BASE_PROFILE,
      'profile_contract_view',
      'contract_list_view',
    ],
    manager: [
      'section_administration_view',
      'dashboard_new_user_view',
      'user_list_view',
      'user_create_view',
      'user-edit-btn',
      'user_create_role_manager_view',
      'user_create_role_home_view',
      'user_create_role_pharma_view',
      'user_create_role_doctor_view',
      'user_create_role_driver_view',
      'user_create_role_accounting_view',
      'settings_list',
      'outbox_list_view',
      'outbox_retry_view',
      'home_delete_view',
      'doctor_office_delete_view',
      'profile_invoice_view',
      'invoice_list_view',
      'download_invoice_view',
      'profile_mandate_view',
      'payment_edit_view',
      'profile_backup_view',
      'backup_list_view',
      'contract_adoption_view',
      'contract_edit_view',
    ],
  },

  // "Workspace for care homes": own home's orders, patients and living areas. Placing orders
  // needs a contract (Home.canSendTasks derives from it). Managers administer their home's users
  // and living areas and see its invoices and contract.
  ROLE_HOME: {
    permissions: [
      'dashboard_view',
      'dashboard_new_task_view',
      'dashboard_new_event_view',
      'dashboard_new_patient_view',
      'section_orders_view',
      'section_masterdata_view',
      ...own(['task_list_view']),
      ...TASK_COLUMNS,
      contract('task_create_view_own'),
      contract('task_action_template_view'),
      ...own(['task_action_edit_view']),
      'task_action_print_view',
      'task_action_finish_view',
      'task_action_cancel_view',
      ...own(['patient_list_view', 'patient_create_view', 'patient_edit_view', 'patient_delete_view']),
      'doctor_list_view',
      'doctor_create_view',
      ...own(['home_list_view']),
      'medicine_list_view',
      // Meetings belong to their contract's party: a home sees its own (pharmacy and admins see all).
      ...own(['meeting_list_view']),
      ...BASE_PROFILE,
      // Everyone of the home sees its contract and who may act on it; its managers act.
      ...own(['profile_contract_view', 'contract_list_view']),
      // The home's monthly backup archives (its orders, chats and documents) for everyone of the home.
      'profile_backup_view',
      'backup_list_view',
    ],
    manager: [
      'section_administration_view',
      'dashboard_new_user_view',
      ...own(['user_list_view', 'user_create_view', 'user-edit-btn']),
      ...own(['home_edit_view', 'home_group_edit_view']),
      ...own(['profile_invoice_view', 'invoice_list_view', 'download_invoice_view']),
      ...own(['contract_adoption_view', 'contract_edit_view']),
      'profile_mandate_view',
      'payment_edit_view',
    ],
  },

  // "Workspace for doctors": orders and patients of the own practice. A practice needs a
  // taken-over contract to place orders; a manager of the practice asks for the takeover
  // ('Vertrag übernehmen').
  ROLE_DOCTOR: {
    permissions: [
      'dashboard_view',
      'dashboard_new_task_view',
      'dashboard_new_event_view',
      'dashboard_new_patient_view',
      'section_orders_view',
      'section_masterdata_view',
      ...own(['task_list_view']),
      ...TASK_COLUMNS,
      'task_column_home_view',
      contract('task_create_view_own'),
      contract('task_action_template_view'),
      'task_action_print_view',
      'task_action_finish_view',
      ...own(['patient_list_view', 'doctor_list_view', 'doctor_office_list_view']),
      'home_list_view',
      'medicine_list_view',
      ...own(['meeting_list_view']),
      ...BASE_PROFILE,
      // Everyone of the practice sees its contract and who may act on it (the "Vertrag
      // benötigt!" dialog leads here); its managers ask for the takeover and use the shop.
      ...own(['profile_contract_view', 'contract_list_view']),
      // The practice's monthly backup archives for everyone of the practice.
      'profile_backup_view',
      'backup_list_view',
    ],
    manager: [
      'section_administration_view',
      'dashboard_new_user_view',
      ...own(['user_list_view', 'user_create_view', 'user-edit-btn']),
      ...own(['doctor_edit_view', 'doctor_office_edit_view']),
      ...own(['profile_invoice_view', 'invoice_list_view', 'download_invoice_view']),
      ...own(['contract_adoption_view', 'contract_edit_view']),
      'profile_mandate_view',
      'payment_edit_view',
    ],
  },

  // "Workspace for drivers": the pickup list and its three actions.
  ROLE_DRIVER: {
    permissions: [
      'dashboard_view',
      'dashboard_new_pickup_view',
      'section_orders_view',
      'pickup_list_view',
      'pickup_seen_view',
      'pickup_task_delivery_view',
      'pickup_task_solve_view',
      'pickup_task_back_view',
      ...BASE_PROFILE,
    ],
    manager: [],
  },

  // "Access to invoices" and nothing else; no dashboard (redirected to /profil). Combined with
  // Heim or Arzt the invoice scope narrows to that home or doctor (invoices module).
  ROLE_ACCOUNTING: {
    permissions: [
      'profile_data_view',
      'profile_password_view',
      'profile_invoice_view',
      'invoice_list_view',
      'download_invoice_view',
      'switch_payment_state_invoice_view',
      // The debtor's SEPA mandate and the monthly direct-debit export of the open invoices.
      'profile_mandate_view',
      'payment_edit_view',
      'invoice_sepa_export_view',
    ],
    manager: [],
  },
};
