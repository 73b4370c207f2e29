import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, saveBlob } from '@mediport/api-client';
import { type InvoiceDto, toggledInvoiceStatus } from '@mediport/contracts/invoices';

export const invoicesKey = ['invoices'] as const;

/** GET /api/invoices with the list's query; `type=1` brings each invoice's proof list along. */
export function useInvoices(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...invoicesKey, query],
    queryFn: ({ signal }) => callApi('GET /api/invoices', { query: { ...query, type: 1 }, signal }),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/invoices/download/{id}?path=…: saves the PDF; an unread invoice is open afterwards, so the list loads again. */
export function useDownloadInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (invoice: Pick<InvoiceDto, '_id' | 'path'>) => {
      const pdf = await callApi('GET /api/invoices/download/:id', { params: { id: invoice._id }, query: { path: invoice.path } });
      if (pdf instanceof Blob) saveBlob(pdf, invoice.path);
    },
    onSettled: () => client.invalidateQueries({ queryKey: invoicesKey }),
  });
}

/** PUT /api/invoices change_status: paid becomes open, anything else paid. Answers the server's message. */
export function useTogglePaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoice: Pick<InvoiceDto, '_id' | 'path' | 'status'>) =>
      callApi('PUT /api/invoices', { body: { id: invoice._id, path: invoice.path, action: 'change_status', data: toggledInvoiceStatus(invoice.status) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesKey }),
  });
}

/** PUT /api/invoices cancel: a credit note with its own number cancels the invoice. Answers the server's message. */
export function useCancelInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invoice: Pick<InvoiceDto, '_id' | 'path'>) => callApi('PUT /api/invoices', { body: { id: invoice._id, path: invoice.path, action: 'cancel' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoicesKey }),
  });
}

/** POST /api/invoices/run: bills an ended month (nothing new when it was billed already); the list loads again. */
export function useInvoiceRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => callApi('POST /api/invoices/run', { body: { month } }),
    onSettled: () => client.invalidateQueries({ queryKey: invoicesKey }),
  });
}
