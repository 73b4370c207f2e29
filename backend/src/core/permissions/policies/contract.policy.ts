import { contracts } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { TRUE, type Condition } from './condition.js';
import { byGrant, definePolicy, ownHomeOrDoctor, type RecordPolicy } from './policy.js';

/** A contract belongs to its partner: a care home or a practice (its doctor); the pharmacy's own has neither. */
export interface ContractSubject {
  [field: string]: string | null | undefined;
  id: string;
  home: string | null;
  doctor: string | null;
}

/** update: the shop, term change, cancellation; adopt: ask for, answer or withdraw a takeover. */
export type ContractAction = 'update' | 'adopt';

const OWN = { home: 'home', doctor: 'doctor' } as const;

/**
 * Contracts: a full contract_list_view grant (pharmacy, administrators) sees every contract; an
 * `_own` grant (home, practice) the contracts of its own home or doctor. Acting follows
 * contract_edit_view and contract_adoption_view the same way. Which side may do what in which
 * state (own contract, requester, answerer) is the contract's state machine, checked by the
 * service with the spec's messages.
 */
function rule(auth: AuthContext, action: ContractAction | 'read'): Condition {
  const own = () => ownHomeOrDoctor(auth, OWN);
  switch (action) {
    case 'update':
      return byGrant(auth, 'contract_edit_view', own);
    case 'adopt':
      return byGrant(auth, 'contract_adoption_view', own);
    default:
      return byGrant(auth, 'contract_list_view', own);
  }
}

export const contractPolicy: RecordPolicy<ContractAction, ContractSubject> = definePolicy({
  subject: 'Contract',
  columns: { id: contracts.id, home: contracts.homeId, doctor: contracts.doctorId },
  scopes: { read: [{ permission: 'contract_list_view', all: TRUE, own: OWN }] },
  rule,
});
