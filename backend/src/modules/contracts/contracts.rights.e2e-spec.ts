/**
 * The rule of which contract unlocks a home's or practice's users, in its two forms: the SQL of the
 * session query and the lists (hasContractSql, through ContractsRepository.exists) and the check of
 * one row (contractInForce). Both must answer alike for every state, payer and day.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CONTRACT_STATES, type ContractState, type ContractType } from '@mediport/contracts/shop';
import { contractInForce } from '../../core/permissions/contract-rights.js';
import { useTestApp } from '../../testing/test-app.js';
import { ContractsRepository } from './contracts.repository.js';
import { addContract, addDoctor, addHome } from './testing/contract-fixtures.js';

let app: NestExpressApplication;

useTestApp(async (booted) => {
  app = booted.app;
});

const DAYS = ['2030-12-31', '2031-01-01', '2031-06-15', '2031-12-31', '2032-01-01', '2035-05-05'];
const PAYERS: ContractType[] = ['ROLE_PHARMA', 'ROLE_HOME', 'ROLE_DOCTOR'];

describe('contract in force: SQL and single-row check agree', () => {
  const cases = CONTRACT_STATES.flatMap((state) => PAYERS.flatMap((type) => (['home', 'doctor'] as const).map((party) => ({ state, type, party }))));

  it.each(cases)('$state, paid by $type, for a $party', async ({ state, type, party }) => {
    const owner = party === 'home' ? { homeId: await addHome(app, `Haus ${state} ${type}`) } : { doctorId: await addDoctor(app, `Regel${CONTRACT_STATES.indexOf(state)}${PAYERS.indexOf(type)}`) };
    const row = { homeId: owner.homeId ?? null, doctorId: owner.doctorId ?? null, type, state: state as ContractState, validFrom: '2031-01-01', validTo: '2031-12-31' };
    await addContract(app, { ...owner, type, state, debtorId: `R-${party}` });
    const repo = app.get(ContractsRepository);
    for (const day of DAYS) {
      const sql = await repo.exists(owner.homeId ? { home: owner.homeId } : { doctor: owner.doctorId! }, day);
      expect({ day, sql }).toEqual({ day, sql: contractInForce(row, day) });
    }
  });

  it('a practice is unlocked only by a contract it pays; a home by any running one', () => {
    const base = { validFrom: '2031-01-01', validTo: '2031-12-31', state: 'booked' as const };
    expect(contractInForce({ ...base, homeId: null, doctorId: 'd', type: 'ROLE_PHARMA' }, '2031-05-01')).toBe(false);
    expect(contractInForce({ ...base, homeId: null, doctorId: 'd', type: 'ROLE_DOCTOR' }, '2031-05-01')).toBe(true);
    expect(contractInForce({ ...base, homeId: 'h', doctorId: null, type: 'ROLE_PHARMA' }, '2031-05-01')).toBe(true);
    // Booked contracts renew: in force after their validTo until cancelled.
    expect(contractInForce({ ...base, homeId: 'h', doctorId: null, type: 'ROLE_HOME' }, '2033-01-01')).toBe(true);
    expect(contractInForce({ ...base, state: 'canceled', homeId: 'h', doctorId: null, type: 'ROLE_HOME' }, '2032-01-01')).toBe(false);
  });
});
