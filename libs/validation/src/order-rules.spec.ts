import { TASK_MESSAGES } from '@mediport/contracts';
import { checkOrder, type OrderFormInput } from './order-rules.js';

const base: OrderFormInput = { type: 1, group: 'medicine', medicine: 'Ibuprofen', dose: '400 mg', amount: 1, latestDelivery: '', doctor: 'd1' };
const today = '2026-11-23';
const messages = (input: Partial<OrderFormInput>, checkPast = true, newDoctorGiven = false) =>
  checkOrder({ ...base, ...input }, { today, checkPast, newDoctorGiven }).errors.map((e) => `${e.path}:${e.message}`);

describe('checkOrder (the order form rules)', () => {
  it('accepts a complete order and answers the date as ISO', () => {
    expect(checkOrder({ ...base, latestDelivery: '24.11.2026' }, { today, checkPast: true })).toEqual({ errors: [], latestDelivery: '2026-11-24' });
  });

  it.each<[string, Partial<OrderFormInput>, string[]]>([
    ['no type', { type: undefined }, [`type:${TASK_MESSAGES.type}`]],
    ['medicine and dose for group medicine', { medicine: ' ', dose: '' }, [`medicine:${TASK_MESSAGES.medicineRequired}`, `dose:${TASK_MESSAGES.doseRequired}`]],
    ['dose optional for documents', { group: 'document', dose: '', medicine: '' }, []],
    ['amount 0', { amount: 0 }, [`amount:${TASK_MESSAGES.amount}`]],
    ['amount 101', { amount: 101 }, [`amount:${TASK_MESSAGES.amount}`]],
    ['amount 1.5', { amount: 1.5 }, [`amount:${TASK_MESSAGES.amount}`]],
    ['date in the past', { latestDelivery: '22.11.2026' }, [`latestDelivery:${TASK_MESSAGES.latestDeliveryPast}`]],
    ['date today is fine', { latestDelivery: '23.11.2026' }, []],
    ['impossible date', { latestDelivery: '31.02.2027' }, [`latestDelivery:${TASK_MESSAGES.latestDeliveryFormat}`]],
    ['doctor for type 1', { doctor: null }, [`doctor:${TASK_MESSAGES.doctorRequired}`]],
    ['doctor for type 4', { type: 4, doctor: null }, [`doctor:${TASK_MESSAGES.doctorRequired}`]],
    ['no doctor for type 2', { type: 2, doctor: null }, []],
    ['type 3 needs a living area', { type: 3, doctor: null, patientHasHomeGroup: false }, [`patient:${TASK_MESSAGES.homeGroupRequired}`]],
    ['type 3 with a living area', { type: 3, doctor: null, patientHasHomeGroup: true }, []],
  ])('%s', (_name, input, expected) => {
    expect(messages(input)).toEqual(expected);
  });

  it('leaves an old past date alone when not checking the past', () => {
    expect(messages({ latestDelivery: '01.01.2020' }, false)).toEqual([]);
  });

  it('counts a new doctor entered in the wizard as given', () => {
    expect(messages({ doctor: null }, true, true)).toEqual([]);
  });
});
