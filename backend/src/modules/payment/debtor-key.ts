import type { DebtorType } from '@mediport/contracts/payment';

/** A debtor: the pharmacy (operator data of the settings), a care home or a doctor. */
export type DebtorRef = { type: 'pharma' } | { type: 'homes'; homeId: string } | { type: 'doctors'; doctorId: string };

/** The one-column name of a debtor stored with its mandates: 'pharma', 'home:<id>' or 'doctor:<id>'. */
export function debtorKey(debtor: DebtorRef): string {
  switch (debtor.type) {
    case 'pharma':
      return 'pharma';
    case 'homes':
      return `home:${debtor.homeId}`;
    case 'doctors':
      return `doctor:${debtor.doctorId}`;
  }
}

export function debtorTypeOf(debtor: DebtorRef): DebtorType {
  return debtor.type;
}

/**
 * Whom a user's payment data belongs to, by role: a care home's staff to the home, a practice's
 * staff to their doctor, everyone else (pharmacy, accounting, administration) to the pharmacy.
 */
export function debtorOfUser(user: { roles: readonly string[]; homeId: string | null; doctorId: string | null }): DebtorRef {
  if (user.homeId && user.roles.includes('ROLE_HOME')) return { type: 'homes', homeId: user.homeId };
  if (user.doctorId && user.roles.includes('ROLE_DOCTOR')) return { type: 'doctors', doctorId: user.doctorId };
  return { type: 'pharma' };
}
