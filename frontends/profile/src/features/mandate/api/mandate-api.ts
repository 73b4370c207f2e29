import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, fetchSettings, saveBlob } from '@mediport/api-client';
import { type PaymentDataAnswer, type PaymentDataRefusal, type PaymentDataUpdate, sepaFileName } from '@mediport/contracts/payment';

export const paymentDataKey = (userId: string) => ['payment-data', userId];
const SEPA_MONTHS_KEY = ['sepa-months'];

export function usePaymentData(userId: string) {
  return useQuery({ queryKey: paymentDataKey(userId), queryFn: () => callApi('GET /api/users/:id/paymentData', { params: { id: userId } }), enabled: !!userId });
}

/** The operator's name for the mandate text (public settings). */
export function useCreditorName() {
  return useQuery({ queryKey: ['settings-public'], queryFn: fetchSettings, staleTime: 5 * 60_000 });
}

/**
 * The errors of a refused grant (400: a bad IBAN or BIC, company or e-mail missing; the answer also
 * says `action: 'error'`); null when the call failed otherwise.
 */
export function refusalOf(error: unknown): PaymentDataRefusal['errors'] | null {
  return error instanceof ApiError && error.status === 400 && error.errors.length > 0 ? error.errors : null;
}

/** PUT …/paymentData; errors are the caller's (the spec words the toasts per outcome). */
export function useSavePaymentData(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PaymentDataUpdate) =>
      (await callApi('PUT /api/users/:id/paymentData', { params: { id: userId }, body, handleErrors: false })) as PaymentDataAnswer,
    onSuccess: (answer) => {
      client.setQueryData(paymentDataKey(userId), answer.paymentData);
      // A mandate granted or revoked changes which invoices a direct-debit export collects.
      void client.invalidateQueries({ queryKey: SEPA_MONTHS_KEY });
    },
  });
}

/** The billed months with invoices to collect (the export's choices). */
export function useSepaMonths() {
  return useQuery({ queryKey: SEPA_MONTHS_KEY, queryFn: () => callApi('GET /api/invoices/sepa/months') });
}

/** GET /api/invoices/sepa?month=…: the pain.008 file, saved under lastschriften_<month>.xml. */
export async function downloadSepa(month: string): Promise<void> {
  const file = await callApi('GET /api/invoices/sepa', { query: { month } });
  saveBlob(file as Blob, sepaFileName(month));
}
