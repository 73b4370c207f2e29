import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureErrorHandler, setAuth, type ToastVariant } from '@mediport/api-client';
import type { Role } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, type DocumentTrackerDto, type RequestItemDto } from '@mediport/contracts/documents';
import { formatDateTime } from '@mediport/ui';
import { fail, fakeApi, type FakeApiRoutes, type RecordedCall, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { BERG, ROTH } from '../features/documents/testing/document-fixtures';
import { RequestTrackerPage } from './request-tracker-page';

const toasts: [string, ToastVariant][] = [];
beforeEach(() => {
  toasts.length = 0;
  configureErrorHandler({ notify: (message, variant) => toasts.push([message, variant]) });
});

const SENT = '2026-11-20T08:15:00.000Z';

function anItem(task: string, patient: string, medicine: string, state: RequestItemDto['state'], more: Partial<RequestItemDto> = {}): RequestItemDto {
  return {
    task,
    patient,
    medicine,
    state,
    changedAt: SENT,
    remindedAt: null,
    history: [
      { state: 'requested', cause: 'created', at: SENT, by: { _id: 'u1', username: 'apotheke' } },
      ...(state === 'requested' ? [] : [{ state, cause: 'outbox' as const, at: '2026-11-20T08:16:00.000Z', by: null }]),
    ],
    ...more,
  };
}

function aRequest(overrides: Partial<DocumentTrackerDto> = {}): DocumentTrackerDto {
  const items = overrides.items ?? [anItem('t1', 'Erna Schulz', 'Ibuprofen', 'delivered'), anItem('t2', 'Otto Kern', 'Metoprolol', 'delivered')];
  return {
    _id: 'doc1',
    doctor: BERG,
    channel: 'email',
    subject: 'Rezeptanforderung',
    tasks: items.map((i) => i.task),
    state: 'sent',
    reason: 'follow-up',
    priority: 'urgent',
    supplyDays: 3,
    createdAt: SENT,
    createdFrom: { _id: 'u1', username: 'apotheke' },
    progress: 'delivered',
    items,
    ...overrides,
  };
}

function trackerServer(rows: DocumentTrackerDto[], extra: FakeApiRoutes = {}) {
  return fakeApi({
    'GET /api/documents': () => ({ data: rows, count: rows.length }),
    ...extra,
  });
}

function show(roles: Role[] = ['ROLE_PHARMA'], route = '/anforderungen/rezeptanforderungen') {
  setAuth(demoAuth(roles));
  return renderApp(<RequestTrackerPage />, { route });
}

const listQueries = (calls: RecordedCall[]) => calls.filter((c) => c.route === 'GET /api/documents').map((c) => new URL(c.url, 'http://x').searchParams);
const rowOf = async (doctor: string) => within(await screen.findByRole('table', { name: 'Angeforderte Rezepte' })).getByText(doctor).closest('tr')!;

describe('Angeforderte Rezepte', () => {
  it('lists the requests with date, doctor, reason, priority, orders and their state', async () => {
    trackerServer([aRequest(), aRequest({ _id: 'doc2', doctor: ROTH, channel: 'fax', reason: 'initial', priority: 'normal', supplyDays: null, progress: 'failed', items: [anItem('t3', 'Ida Lang', 'Ramipril', 'failed')] })]);
    show();
    const berg = await rowOf('Dr. Jan Berg');
    expect(within(berg).getByText(formatDateTime(SENT))).toBeInTheDocument();
    expect(within(berg).getByText('von apotheke')).toBeInTheDocument();
    expect(within(berg).getByText('E-Mail')).toBeInTheDocument();
    expect(within(berg).getByText('Folgeverordnung (Reichweite erschöpft)', { exact: false })).toBeInTheDocument();
    expect(within(berg).getByText('dringend')).toBeInTheDocument();
    expect(within(berg).getByText('Restreichweite 3 Tage')).toBeInTheDocument();
    expect(within(berg).getByText('2 Aufträge')).toBeInTheDocument();
    expect(within(berg).getByText('Erna Schulz, Otto Kern')).toBeInTheDocument();
    expect(within(berg).getByText('zugestellt')).toBeInTheDocument();
    const roth = await rowOf('Dr. Eva Roth');
    expect(within(roth).getByText('Erstverordnung')).toBeInTheDocument();
    expect(within(roth).getByText('fehlgeschlagen')).toBeInTheDocument();
    expect(within(roth).queryByText('dringend')).not.toBeInTheDocument();
  });

  it('opens a request: every order with its state and history (when, what, who)', async () => {
    const reminded = anItem('t2', 'Otto Kern', 'Metoprolol', 'delivered');
    reminded.history.push({ state: 'delivered', cause: 'reminder', at: '2026-11-24T08:15:00.000Z', by: null });
    trackerServer([aRequest({ items: [anItem('t1', 'Erna Schulz', 'Ibuprofen', 'confirmed'), reminded] })]);
    show();
    await rowOf('Dr. Jan Berg');
    const open = screen.getByRole('button', { name: 'Aufträge und Verlauf der Anforderung an Dr. Jan Berg anzeigen' });
    await userEvent.click(open);
    const history = await screen.findByRole('list', { name: 'Verlauf: Otto Kern, Metoprolol' });
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${formatDateTime(SENT)}angefordertAnforderung erstellt · von apotheke`,
      `${formatDateTime('2026-11-20T08:16:00.000Z')}zugestelltVersandbericht · System`,
      `${formatDateTime('2026-11-24T08:15:00.000Z')}Erinnerung an die PraxisSystem`,
    ]);
    expect(screen.getByRole('list', { name: 'Verlauf: Erna Schulz, Ibuprofen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aufträge und Verlauf der Anforderung an Dr. Jan Berg ausblenden' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('marks a request confirmed or its prescription received, the whole request or one order', async () => {
    const calls = trackerServer([aRequest({ items: [anItem('t1', 'Erna Schulz', 'Ibuprofen', 'confirmed'), anItem('t2', 'Otto Kern', 'Metoprolol', 'delivered')] })], {
      'POST /api/documents/:id/confirm': () => ({ message: DOCUMENT_MESSAGES.confirmed, document: aRequest() }),
      'POST /api/documents/:id/received': () => ({ message: DOCUMENT_MESSAGES.received, document: aRequest() }),
    });
    show();
    await rowOf('Dr. Jan Berg');
    await userEvent.click(screen.getByRole('button', { name: 'Anforderung an Dr. Jan Berg als bestätigt markieren' }));
    await waitFor(() => expect(toasts).toContainEqual([DOCUMENT_MESSAGES.confirmed, 'success']));
    const confirm = calls.find((c) => c.route === 'POST /api/documents/:id/confirm')!;
    expect(confirm.url).toBe('/api/documents/doc1/confirm');
    expect(confirm.body).toEqual({});
    // One order: only the one not yet confirmed offers the button.
    await userEvent.click(screen.getByRole('button', { name: /anzeigen$/ }));
    expect(await screen.findByRole('button', { name: 'Otto Kern: Metoprolol als bestätigt markieren' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erna Schulz: Ibuprofen als bestätigt markieren' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Erna Schulz: Rezept für Ibuprofen eingegangen' }));
    await waitFor(() => expect(calls.filter((c) => c.route === 'POST /api/documents/:id/received')).toHaveLength(1));
    expect(calls.find((c) => c.route === 'POST /api/documents/:id/received')!.body).toEqual({ tasks: ['t1'] });
    await waitFor(() => expect(toasts).toContainEqual([DOCUMENT_MESSAGES.received, 'success']));
    // The list loads again after each mark.
    await waitFor(() => expect(listQueries(calls).length).toBeGreaterThanOrEqual(3));
  });

  it('greys out what a request cannot do any more', async () => {
    trackerServer([aRequest({ progress: 'received', items: [anItem('t1', 'Erna Schulz', 'Ibuprofen', 'received')] })]);
    show();
    await rowOf('Dr. Jan Berg');
    expect(screen.getByRole('button', { name: 'Anforderung an Dr. Jan Berg als bestätigt markieren' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rezepte der Anforderung an Dr. Jan Berg eingegangen' })).toBeDisabled();
  });

  it('filters by state and searches subject and doctor, kept in the address', async () => {
    const calls = trackerServer([aRequest()]);
    show(undefined, '/anforderungen/rezeptanforderungen?state=failed');
    await rowOf('Dr. Jan Berg');
    expect(listQueries(calls)[0]!.get('filter[state]')).toBe('failed');
    expect(listQueries(calls)[0]!.get('sort')).toBe('-createdAt');
    expect(screen.getByRole('combobox', { name: 'Stand' })).toHaveTextContent('fehlgeschlagen');
    await userEvent.click(screen.getByRole('combobox', { name: 'Stand' }));
    await userEvent.click(await screen.findByRole('option', { name: 'bestätigt' }));
    await waitFor(() => expect(listQueries(calls).at(-1)!.get('filter[state]')).toBe('confirmed'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Betreff oder Arzt' }), 'Berg');
    await waitFor(() => expect(listQueries(calls).at(-1)!.get('filter[text]')).toBe('Berg'));
    expect(screen.getByTestId('location')).toHaveTextContent('state=confirmed');
  });

  it('says so when there is no request yet, and offers a retry when the list cannot load', async () => {
    trackerServer([]);
    const { unmount } = show();
    expect(await screen.findByText('Es gibt noch keine Rezeptanforderungen.')).toBeInTheDocument();
    unmount();
    fakeApi({ 'GET /api/documents': fail(500, 'Interner Fehler') });
    show();
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  it("offers no marks to a user who may neither confirm nor record prescriptions", async () => {
    trackerServer([aRequest()]);
    show(['ROLE_HOME']);
    await rowOf('Dr. Jan Berg');
    expect(screen.queryByRole('button', { name: /als bestätigt markieren/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /eingegangen/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF der Anforderung an Dr. Jan Berg öffnen' })).toBeInTheDocument();
  });
});
