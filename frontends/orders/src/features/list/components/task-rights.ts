import { useAuth, useHasPermission, useIsLocked } from '@mediport/api-client';
import { grantOf } from '@mediport/permissions';

/**
 * What the signed-in user may see on the orders list and do beside an order's own actions (those
 * come with each order from the server: `task.actions`), one flag per permission.
 */
export function useTaskRights() {
  const permissions = useAuth()?.permissions ?? [];
  return {
    messages: useHasPermission('task_column_messages_count_view'),
    patient: useHasPermission('task_column_patient_view'),
    home: useHasPermission('task_column_home_view'),
    medicine: useHasPermission('task_column_medicine_view'),
    doctor: useHasPermission('task_column_doctor_view'),
    actions: useHasPermission('task_column_actions_view'),
    homeEdit: useHasPermission('home_edit_view'),
    mail: useHasPermission('task_action_mail_view'),
    fax: useHasPermission('task_action_fax_view'),
    template: useHasPermission('task_action_template_view'),
    /** Re-ordering is held only in its contract-locked form: the button opens "Vertrag benötigt!". */
    templateLocked: useIsLocked('task_action_template_view'),
    /** 'Abholauftrag erzeugen' produces the pickup sheet (POST /api/tasks/pickup); also for the selection. */
    pickupSheet: useHasPermission('pickup_create_view'),
    /** The home filter is for those who may list all homes (hidden for the home role). */
    homeFilter: grantOf(permissions, 'home_list_view') === 'all',
    doctorFilter: grantOf(permissions, 'doctor_list_view') === 'all',
  };
}

export type TaskRights = ReturnType<typeof useTaskRights>;
