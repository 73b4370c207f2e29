import { sql } from 'drizzle-orm';
import { backupArchives, doctors } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { qualified } from '../../http/list.js';
import { cond, type Condition, FALSE, TRUE } from './condition.js';
import { definePolicy, type RecordPolicy } from './policy.js';

/**
 * A backup archive as the policy sees it: its home, or the doctors it belongs to (every doctor of
 * its practice, or the one doctor of an archive of a doctor without a practice).
 */
export interface BackupSubject {
  [field: string]: string | readonly string[] | null | undefined;
  id: string;
  home: string | null;
  doctors: readonly string[];
}

/**
 * An archive holds everything of one home or practice for a month (orders, chats, prescription
 * requests, invoices). Only that home's or practice's own users read it, with backup_list_view in
 * any grant, and administrators read every one: unlike other lists, a full grant (the pharmacy's
 * managers) does not widen the scope beyond the caller's own home or practice.
 */
function rule(auth: AuthContext, action: 'read'): Condition {
  void action;
  const grant = auth.grant('backup_list_view');
  if (grant !== 'all' && grant !== 'own') return FALSE;
  if (auth.user.roles.includes('ROLE_ADMIN')) return TRUE;
  return cond.or(
    auth.user.homeId ? cond.eq('home', auth.user.homeId) : FALSE,
    auth.user.doctorId ? cond.has('doctors', auth.user.doctorId) : FALSE,
  );
}

export const backupPolicy: RecordPolicy<never, BackupSubject> = definePolicy<never, BackupSubject>({
  subject: 'Backup',
  columns: {
    id: backupArchives.id,
    home: backupArchives.homeId,
    doctors: sql`(case
      when ${qualified(backupArchives.officeId)} is not null then array(select d.id::text from ${doctors} d where d.office_id = ${qualified(backupArchives.officeId)})
      when ${qualified(backupArchives.doctorId)} is not null then array[${qualified(backupArchives.doctorId)}::text]
      else array[]::text[] end)`,
  },
  rule,
});
