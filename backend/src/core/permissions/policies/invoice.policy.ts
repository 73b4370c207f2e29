import { invoices } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { cond, type Condition, FALSE } from './condition.js';
import { byGrant, definePolicy, ownHomeOrDoctor, type RecordPolicy } from './policy.js';

/** An invoice as the policy sees it: its debtor's home or doctor (the pharmacy's own invoices have neither). */
export interface InvoiceSubject {
  [field: string]: string | null | undefined;
  id: string;
  home: string | null;
  doctor: string | null;
}

/** download: the PDF (an unread invoice becomes open); changeStatus: the paid toggle; cancel: a credit note cancels it. */
export type InvoiceAction = 'download' | 'changeStatus' | 'cancel';

const OWN = { home: 'home', doctor: 'doctor' } as const;

/**
 * Accounting combined with Heim or Arzt: only that home's or that doctor's invoices, whatever its
 * grant (accounting alone sees all of them; an administrator is never narrowed).
 */
function narrowedAccounting(auth: AuthContext): boolean {
  const roles = auth.user.roles;
  return roles.includes('ROLE_ACCOUNTING') && !roles.includes('ROLE_ADMIN') && (roles.includes('ROLE_HOME') || roles.includes('ROLE_DOCTOR'));
}

/** What a grant of `permission` admits: all invoices, the own home's or doctor's, or (accounting with Heim/Arzt) only those. */
function scoped(auth: AuthContext, permission: 'invoice_list_view' | 'download_invoice_view' | 'switch_payment_state_invoice_view' | 'invoice_cancel_view'): Condition {
  const own = () => ownHomeOrDoctor(auth, OWN);
  if (narrowedAccounting(auth)) return auth.can(permission) ? own() : FALSE;
  return byGrant(auth, permission, own);
}

/**
 * Invoices (part 1 of the specification, Accounting): a full invoice_list_view grant (accounting,
 * pharmacy managers, administrators) sees every invoice; an `_own` grant (managers of a home or
 * practice) the invoices addressed to its own home or doctor; accounting together with Heim or Arzt
 * only that home's or doctor's. Downloading, the paid toggle and cancelling follow their permission
 * the same way, always within what the caller sees.
 */
function rule(auth: AuthContext, action: InvoiceAction | 'read'): Condition {
  const read = scoped(auth, 'invoice_list_view');
  switch (action) {
    case 'download':
      return cond.and(read, scoped(auth, 'download_invoice_view'));
    case 'changeStatus':
      return cond.and(read, scoped(auth, 'switch_payment_state_invoice_view'));
    case 'cancel':
      return cond.and(read, scoped(auth, 'invoice_cancel_view'));
    default:
      return read;
  }
}

export const invoicePolicy: RecordPolicy<InvoiceAction, InvoiceSubject> = definePolicy<InvoiceAction, InvoiceSubject>({
  subject: 'Invoice',
  columns: { id: invoices.id, home: invoices.homeId, doctor: invoices.doctorId },
  rule,
});
