import { useState } from 'react';
import type { DoctorDto } from '@mediport/contracts';
import { toast } from '@mediport/api-client';
import { FORM_TEXTS, useConfirm } from '../../../shared';
import { doctorName, useUpdateDoctor } from '../api/doctors-api';
import { DOCTOR_TEXTS as T } from '../messages';

/**
 * Reactivation of a deactivated doctor after a question (PUT `{ deactivated: false }`, the delete
 * right): its users can sign in again. Returns `reactivate(doctor)` and the dialog to render.
 */
export function useReactivateDoctor(onDone?: (doctor: DoctorDto) => void) {
  const [name, setName] = useState('');
  const update = useUpdateDoctor((doctor) => {
    toast(T.reactivated, 'success');
    onDone?.(doctor);
  });
  const confirm = useConfirm({ title: T.reactivateTitle, confirmLabel: FORM_TEXTS.reactivate, children: T.reactivateQuestion(name) });
  const reactivate = (doctor: DoctorDto) => {
    setName(doctorName(doctor));
    confirm.ask(() => update.mutate({ params: { id: doctor._id }, body: { deactivated: false } }));
  };
  return { reactivate, dialog: confirm.dialog, pending: update.isPending };
}
