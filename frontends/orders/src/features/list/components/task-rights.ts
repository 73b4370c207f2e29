import { useAuth, useHasPermission, useIsLocked } from '@mediport/api-client';
import { grantOf } from '@mediport/permissions';

/** What the signed-in user may see and do on the orders list (spec part 2 §6), one flag per permission. */
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
    pickup: useHasPermission('task_action_pickup_view'),
    print: useHasPermission('task_action_print_view'),
    mail: useHasPermission('task_action_mail_view'),
    fax: useHasPermission('task_action_fax_view'),
    template: useHasPermission('task_action_template_view'),
    /** Re-ordering is held only in its contract-locked form: the button opens "Vertrag benötigt!". */
    templateLocked: useIsLocked('task_action_template_view'),
    edit: useHasPermission('task_action_edit_view'),
    finish: useHasPermission('task_action_finish_view'),
    cancel: useHasPermission('task_action_cancel_view'),
    reopen: useHasPermission('task_action_reopen_view'),
    /** The home filter is for those who may list all homes (spec §6: hidden for the home role). */
    homeFilter: grantOf(permissions, 'home_list_view') === 'all',
    doctorFilter: grantOf(permissions, 'doctor_list_view') === 'all',
  };
}

export type TaskRights = ReturnType<typeof useTaskRights>;
