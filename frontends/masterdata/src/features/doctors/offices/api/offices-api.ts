import { LOGO_DELETE_MARKER, type DeleteResponse, type DoctorOfficeDto, type DoctorOfficeWriteRequest } from '@mediport/contracts';
import type { ImageChange } from '@mediport/ui';
import { useRecord, useRecordList, useRecordMutation } from '../../../../shared';

/** Saving or deleting a practice changes its doctors' `office` too. */
const OFFICE_ALSO = ['GET /api/doctors'] as const;

export function useOffices(query: Record<string, string | number>) {
  return useRecordList('GET /api/doctors/offices', query);
}

export function useOffice(id: string | undefined) {
  return useRecord('GET /api/doctors/offices/:id', { id });
}

export function useCreateOffice(onSuccess?: (o: DoctorOfficeDto) => void) {
  return useRecordMutation('POST /api/doctors/offices', { onSuccess, also: [...OFFICE_ALSO] });
}

export function useUpdateOffice(onSuccess?: (o: DoctorOfficeDto) => void) {
  return useRecordMutation('PUT /api/doctors/offices/:id', { onSuccess, also: [...OFFICE_ALSO] });
}

export function useDeleteOffice(onSuccess: (answer: DeleteResponse) => void) {
  return useRecordMutation('DELETE /api/doctors/offices/:id', { onSuccess, also: [...OFFICE_ALSO], removes: true });
}

/**
 * The request body of a practice: JSON, or multipart when a new image travels along (the file as
 * "image", the doctors as repeated "doctors[]"). Removing the image is `image: '_delete'`.
 */
export function officeBody(fields: DoctorOfficeWriteRequest, image: ImageChange): DoctorOfficeWriteRequest | FormData {
  if (image.kind === 'delete') return { ...fields, image: LOGO_DELETE_MARKER };
  if (image.kind === 'keep') return fields;
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) data.append(`${key}[]`, item);
    else if (value !== undefined) data.append(key, String(value));
  }
  data.append('image', image.file, image.file.name);
  return data;
}
