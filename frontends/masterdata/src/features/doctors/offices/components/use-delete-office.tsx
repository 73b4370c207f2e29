import { useState } from 'react';
import type { DoctorOfficeDto } from '@mediport/contracts';
import { toast } from '@mediport/api-client';
import { FORM_TEXTS, useConfirm } from '../../../../shared';
import { OFFICE_TEXTS as T } from '../../messages';
import { useDeleteOffice } from '../api/offices-api';

/** Deletes a practice after a question (its doctors stay, without a practice). */
export function useDeleteOfficeQuestion(onDone?: () => void) {
  const [target, setTarget] = useState<DoctorOfficeDto | null>(null);
  const remove = useDeleteOffice(() => {
    toast(T.deleted, 'success');
    onDone?.();
  });
  const question = useConfirm({ title: T.deleteQuestionTitle, children: target ? T.deleteQuestion(target.name) : '', confirmLabel: FORM_TEXTS.delete, destructive: true });
  const askDelete = (office: DoctorOfficeDto) => {
    setTarget(office);
    question.ask(() => remove.mutate({ params: { id: office._id } }));
  };
  return { askDelete, dialog: question.dialog, pending: remove.isPending };
}
