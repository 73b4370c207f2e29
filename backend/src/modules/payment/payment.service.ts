import { Injectable } from '@nestjs/common';
import type { ApiErrorEntry } from '@mediport/contracts';
import {
  compactSepaInput,
  formatIban,
  isValidBic,
  isValidIban,
  maskIban,
  type PaymentData,
  type PaymentDataAnswer,
  type PaymentDataRefusal,
  SEPA_MESSAGES,
} from '@mediport/contracts/payment';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { userPolicy, userSubject } from '../../core/permissions/policies/index.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import { debtorKey, debtorOfUser, type DebtorRef } from './debtor-key.js';
import { mandateReference } from './mandate-reference.js';
import type { PaymentDataDto } from './dto/payment-data.dto.js';
import { PaymentCipher } from './payment-cipher.js';
import { type MandateRow, PaymentRepository } from './payment.repository.js';

export const PAYMENT_AUDIT = {
  grant: 'payment.mandate_grant',
  revoke: 'payment.mandate_revoke',
  sepaExport: 'payment.sepa_export',
} as const;

const toGermanDate = (iso: string) => iso.split('-').reverse().join('.');

/**
 * SEPA direct-debit mandates through a user's profile (GET/PUT /api/users/{id}/paymentData). The
 * user is reached under the user policy's `profile` action, exactly like the profile route; the
 * mandate belongs to the user's debtor (debtorOfUser) and is granted or revoked only by that
 * debtor's people or an administrator. The IBAN is shown in full to the user themselves and to
 * accounting, masked to anyone else who may open the profile (and during a masquerade).
 */
@Injectable()
export class PaymentService {
  constructor(
    private readonly users: UsersRepository,
    private readonly repo: PaymentRepository,
    private readonly cipher: PaymentCipher,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  private async target(auth: AuthContext, id: string): Promise<UserRow> {
    const user = await this.users.findById(id);
    userPolicy.assert(auth, 'profile', user ? userSubject(user) : null);
    return user!;
  }

  async get(auth: AuthContext, id: string): Promise<PaymentData> {
    const user = await this.target(auth, id);
    const debtor = debtorOfUser(user);
    const [party, mandate] = await Promise.all([this.repo.party(debtor), this.repo.active(debtorKey(debtor))]);
    return this.view(auth, id, party, mandate);
  }

  async update(auth: AuthContext, id: string, dto: PaymentDataDto): Promise<PaymentDataAnswer | PaymentDataRefusal> {
    const user = await this.target(auth, id);
    const debtor = debtorOfUser(user);
    // Only the debtor's own people (and administrators) grant or revoke its mandate: a practice
    // manager who may edit a user of both a home and the practice must not change the home's account.
    if (!auth.user.roles.includes('ROLE_ADMIN') && debtorKey(debtorOfUser(auth.user)) !== debtorKey(debtor)) throw AppError.forbidden();
    return dto.mandate ? this.grant(auth, id, debtor, dto) : this.revoke(auth, id, debtor);
  }

  private async grant(auth: AuthContext, id: string, debtor: DebtorRef, dto: PaymentDataDto): Promise<PaymentDataAnswer | PaymentDataRefusal> {
    const party = await this.repo.party(debtor);
    if (!party.company.trim() || !party.email.trim()) {
      return refusal([{ path: !party.company.trim() ? 'company' : 'email', code: 'invalid', message: SEPA_MESSAGES.companyEmailRequired }]);
    }
    const iban = compactSepaInput(dto.iban ?? '');
    const bic = compactSepaInput(dto.bic ?? '');
    const errors: ApiErrorEntry[] = [];
    if (!isValidIban(iban)) errors.push({ path: 'iban', code: 'invalid', message: SEPA_MESSAGES.invalid });
    // The BIC may be left out (IBAN-only direct debit); one that is given must be well-formed.
    if (bic && !isValidBic(bic)) errors.push({ path: 'bic', code: 'invalid', message: SEPA_MESSAGES.invalid });
    if (errors.length) return refusal(errors);

    const key = debtorKey(debtor);
    const now = this.clock.now();
    const outcome = await this.unitOfWork.run(async () => {
      await this.repo.lockDebtor(key);
      const active = await this.repo.active(key);
      // The same account again (a repeated submit) keeps the mandate and its sequence.
      if (active && active.bic === bic && this.cipher.decrypt(active.ibanCipher) === iban && active.company === party.company && active.email === party.email) return active;
      if (active) await this.repo.revoke(active.id, auth.userId, now);
      const created = await this.repo.insert({
        debtorKey: key,
        debtorType: debtor.type,
        homeId: debtor.type === 'homes' ? debtor.homeId : null,
        doctorId: debtor.type === 'doctors' ? debtor.doctorId : null,
        reference: mandateReference(now),
        company: party.company,
        email: party.email,
        ibanCipher: this.cipher.encrypt(iban),
        bic,
        signedOn: berlinDate(now),
        grantedBy: auth.userId,
        grantedAt: now,
      });
      await this.audit.recordBy(auth, {
        action: PAYMENT_AUDIT.grant,
        target: id,
        meta: { debtor: key, reference: created.reference, iban: maskIban(iban), replaced: active?.reference ?? null },
      });
      return created;
    });
    return { success: true, action: 'granted', paymentData: this.view(auth, id, party, outcome) };
  }

  private async revoke(auth: AuthContext, id: string, debtor: DebtorRef): Promise<PaymentDataAnswer> {
    const key = debtorKey(debtor);
    const now = this.clock.now();
    await this.unitOfWork.run(async () => {
      await this.repo.lockDebtor(key);
      const active = await this.repo.active(key);
      // Revoking without a mandate changes nothing and answers like the first time.
      if (!active) return;
      await this.repo.revoke(active.id, auth.userId, now);
      await this.audit.recordBy(auth, { action: PAYMENT_AUDIT.revoke, target: id, meta: { debtor: key, reference: active.reference } });
    });
    return { success: true, action: 'revoked', paymentData: this.view(auth, id, await this.repo.party(debtor), null) };
  }

  private view(auth: AuthContext, id: string, party: { company: string; email: string }, mandate: MandateRow | null): PaymentData {
    // Never in full to an administrator acting as someone else (masquerade).
    const ibanVisible = !auth.masqueradeOf && (id === auth.userId || auth.user.roles.includes('ROLE_ACCOUNTING'));
    const iban = mandate ? this.cipher.decrypt(mandate.ibanCipher) : '';
    return {
      email: party.email,
      company: party.company,
      iban: iban ? (ibanVisible ? formatIban(iban) : maskIban(iban)) : '',
      bic: mandate?.bic ?? '',
      mandate: mandate !== null,
      reference: mandate?.reference ?? '',
      signedOn: mandate ? toGermanDate(mandate.signedOn) : '',
      ibanVisible,
    };
  }
}

function refusal(errors: ApiErrorEntry[]): PaymentDataRefusal {
  return { statusCode: 400, success: false, action: 'error', errors };
}
