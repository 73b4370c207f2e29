import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_MESSAGES } from '@mediport/contracts';
import { OUTBOX_MESSAGES, type OutboxMessageDto } from '@mediport/contracts/outbox';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { fail, fakeApi, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import App from '../App';

const message = (over: Partial<OutboxMessageDto>): OutboxMessageDto => ({
  _id: 'x',
  channel: 'email',
  state: 'sent',
  to: 'praxis@example.org',
  subject: 'Rezeptanforderung',
  attempts: 1,
  maxAttempts: 6,
  nextAttemptAt: null,
  lastError: null,
  sentAt: '2026-11-26T08:05:00.000Z',
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: 'Petra Apotheke',
  reference: { kind: 'document', id: 'd1' },
  ...over,
});

const SENT = message({ _id: 'm1', subject: 'Rezept Müller' });
const FAILED = message({ _id: 'm2', channel: 'fax', to: '+4930123456', subject: 'Rezeptanforderung.pdf', state: 'failed', attempts: 6, lastError: 'BUSY', sentAt: null });
const WAITING = message({ _id: 'm3', subject: 'Rezept Schulz', state: 'queued', attempts: 2, nextAttemptAt: '2026-11-26T09:00:00.000Z', lastError: '451 try later', sentAt: null });

function viewport(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
}

/** The outbox routes over copies of `stored`; a retry queues a failed message, else answers 409. */
function serve(stored: OutboxMessageDto[]) {
  const messages = stored.map((m) => ({ ...m }));
  return fakeApi({
    'GET /api/outbox': ({ url }) => {
      const state = url.searchParams.get('filter[state]');
      const channel = url.searchParams.get('filter[channel]');
      const data = messages.filter((m) => (!state || m.state === state) && (!channel || m.channel === channel));
      const text = url.searchParams.get('filter[text]')?.toLowerCase();
      const found = text ? data.filter((m) => `${m.to} ${m.subject}`.toLowerCase().includes(text)) : data;
      return { data: found, count: found.length, summary: { queued: messages.filter((m) => m.state === 'queued').length, failed: messages.filter((m) => m.state === 'failed').length, oldestQueuedSeconds: 600, submitted: 2, oldestSubmittedSeconds: 60 } };
    },
    'POST /api/outbox/:id/retry': ({ params }) => {
      const m = messages.find((x) => x._id === params.id);
      if (!m) return fail(404, API_MESSAGES.notFound);
      if (m.state !== 'failed') return fail(409, OUTBOX_MESSAGES.notFailed);
      Object.assign(m, { state: 'queued', attempts: 0 });
      return { message: OUTBOX_MESSAGES.retried, item: m };
    },
  });
}

beforeEach(() => {
  viewport(1440);
  localStorage.clear();
  configureErrorHandler({ notify: () => undefined, navigate: () => undefined });
  setAuth(demoAuth(['ROLE_ADMIN']));
});

describe('outbox /v3/postausgang', () => {
  it('lists the messages with state, attempts and the error or next attempt, and the summary', async () => {
    serve([SENT, FAILED, WAITING]);
    renderApp(<App />, { route: '/v3/postausgang' });
    const table = await screen.findByRole('table', { name: 'Nachrichten im Postausgang' });
    const row = (text: string) => within(table).getAllByRole('row').find((r) => within(r).queryByText(text))!;
    expect(within(row('Rezept Müller')).getByText('Gesendet')).toBeInTheDocument();
    expect(within(row('Rezept Müller')).getByText(/^Gesendet 26\.11\.2026/)).toBeInTheDocument();
    expect(within(row('Rezeptanforderung.pdf')).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(within(row('Rezeptanforderung.pdf')).getByText('6 von 6')).toBeInTheDocument();
    expect(within(row('Rezeptanforderung.pdf')).getByText('BUSY')).toBeInTheDocument();
    expect(within(row('Rezept Schulz')).getByText(/^Nächster Versuch 26\.11\.2026 \d\d:00 · 451 try later$/)).toBeInTheDocument();
    expect(within(row('Rezept Müller')).getByText('Rezeptanforderung von Petra Apotheke')).toBeInTheDocument();
    expect(screen.getByText('Wartend: 1')).toBeInTheDocument();
    expect(screen.getByText('Fehlgeschlagen: 1')).toBeInTheDocument();
    expect(screen.getByText('Älteste wartende Nachricht: seit 10 Min.')).toBeInTheDocument();
    expect(screen.getByText('Zustellbericht ausstehend: 2')).toBeInTheDocument();
    // Only a failed message offers "Erneut senden".
    expect(screen.getAllByRole('button', { name: /^Erneut senden/ })).toHaveLength(1);
  });

  it('sends a failed message again and shows the toast and the new state', async () => {
    const calls = serve([SENT, FAILED]);
    renderApp(<App />, { route: '/v3/postausgang' });
    fireEvent.click(await screen.findByRole('button', { name: 'Erneut senden: Rezeptanforderung.pdf' }));
    expect(await screen.findByText(OUTBOX_MESSAGES.retried)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/outbox/m2/retry')).toBe(true);
    await waitFor(() => expect(screen.getAllByText('Wartet').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /^Erneut senden/ })).toBeNull();
  });

  it('filters by state through the query', async () => {
    const calls = serve([SENT, FAILED, WAITING]);
    renderApp(<App />, { route: '/v3/postausgang' });
    await screen.findByRole('table', { name: 'Nachrichten im Postausgang' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fehlgeschlagen' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('filter%5Bstate%5D=failed') || c.url.includes('filter[state]=failed'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Rezept Müller')).toBeNull());
    expect(screen.getByText('Rezeptanforderung.pdf')).toBeInTheDocument();
  });

  it('searches recipients and subjects', async () => {
    const calls = serve([SENT, FAILED, WAITING]);
    renderApp(<App />, { route: '/v3/postausgang' });
    await screen.findByRole('table', { name: 'Nachrichten im Postausgang' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Suche (Empfänger, Betreff)' }), { target: { value: ' Schulz ' } });
    await waitFor(() => expect(screen.queryByText('Rezept Müller')).toBeNull());
    expect(screen.getByText('Rezept Schulz')).toBeInTheDocument();
    expect(calls.some((c) => new URL(c.url, 'http://x').searchParams.get('filter[text]') === 'Schulz')).toBe(true);
  });

  it('shows no retry action without outbox_retry_view', async () => {
    setAuth({ ...demoAuth(['ROLE_ADMIN']), permissions: demoAuth(['ROLE_ADMIN']).permissions.filter((p) => p !== 'outbox_retry_view') });
    serve([FAILED]);
    renderApp(<App />, { route: '/v3/postausgang' });
    expect(await screen.findByText('Rezeptanforderung.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Erneut senden/ })).toBeNull();
  });

  it('shows one card per message on a phone', async () => {
    viewport(390);
    serve([FAILED]);
    renderApp(<App />, { route: '/v3/postausgang' });
    const card = await screen.findByRole('listitem', { name: 'Rezeptanforderung.pdf' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Fax · +4930123456')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Erneut senden: Rezeptanforderung.pdf' })).toBeInTheDocument();
  });
});
