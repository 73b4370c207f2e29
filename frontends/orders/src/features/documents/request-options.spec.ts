import { DOCUMENT_MESSAGES } from '@mediport/contracts/documents';
import { requestOptionsBody, supplyDaysError } from './request-options';

describe('supplyDaysError', () => {
  it.each(['', ' ', '0', '7', '365'])('accepts %p', (text) => expect(supplyDaysError(text)).toBeNull());
  it.each(['366', '-1', '1,5', '1.5', 'drei', '0000'])('refuses %p with the server’s message', (text) => expect(supplyDaysError(text)).toBe(DOCUMENT_MESSAGES.supplyDays));
});

describe('requestOptionsBody', () => {
  it('sends the supply only with a follow-up prescription', () => {
    expect(requestOptionsBody({ reason: 'follow-up', priority: 'urgent', supplyDays: ' 3 ' })).toEqual({ reason: 'follow-up', priority: 'urgent', supplyDays: 3 });
    expect(requestOptionsBody({ reason: 'follow-up', priority: 'normal', supplyDays: '' })).toEqual({ reason: 'follow-up', priority: 'normal', supplyDays: null });
    expect(requestOptionsBody({ reason: 'change', priority: 'normal', supplyDays: '3' })).toEqual({ reason: 'change', priority: 'normal', supplyDays: null });
  });
});
