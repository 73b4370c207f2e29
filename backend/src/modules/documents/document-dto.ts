import type { ActorRef, DoctorPreferred } from '@mediport/contracts';
import type { DocumentChannel, DocumentDto, DocumentPriority, DocumentReason, DocumentRequestDoctor, DocumentState } from '@mediport/contracts/documents';
import type { documents } from '../../db/schema/index.js';

/** The doctor's fields a document answer names. */
export type DocumentDoctor = Omit<DocumentRequestDoctor, '_id' | 'preferred'> & { id: string; preferred: string };

/** A stored document as the API answers it (POST /api/documents, resend, the tracker's list). */
export function documentDto(row: typeof documents.$inferSelect, doctor: DocumentDoctor, createdFrom: ActorRef | null): DocumentDto {
  return {
    _id: row.id,
    doctor: { _id: doctor.id, title: doctor.title, firstname: doctor.firstname, lastname: doctor.lastname, email: doctor.email, fax: doctor.fax, preferred: doctor.preferred as DoctorPreferred },
    channel: row.channel as DocumentChannel,
    subject: row.subject,
    tasks: row.taskIds,
    state: row.state as DocumentState,
    reason: row.reason as DocumentReason,
    priority: row.priority as DocumentPriority,
    supplyDays: row.supplyDays,
    createdAt: row.createdAt.toISOString(),
    createdFrom,
  };
}
