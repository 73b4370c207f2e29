import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureErrorHandler, receiveLiveEvent, setAuth, type ToastVariant } from '@mediport/api-client';
import { READ_ALL_MESSAGES, SOCKET_EVENTS, TASK_MESSAGES, type Role, type TaskDto } from '@mediport/contracts';
import { DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import { fail, fakeApi, type FakeApiRoutes, mockWindowWidth, type RecordedCall, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { anEvent, asAnswered } from '../features/list/testing/task-fixtures';
import { aPickupTask, aRound, installCanvas, installGeolocation, LINDE, SONNENSCHEIN } from '../features/pickup/testing/pickup-fixtures';
import { PickupListPage } from './pickup-list-page';

const toasts: [string, ToastVariant][] = [];

beforeEach(() => {
  toasts.length = 0;
  configureErrorHandler({ notify: (message, variant) => toasts.push([message, variant]) });
});

/** The pickup list's server: the orders (a function to change them between calls) as answered to the signed-in user, and `extra` routes. */
function pickupServer(tasks: TaskDto[] | (() => TaskDto[]), extra: FakeApiRoutes = {}) {
  const rows = typeof tasks === 'function' ? tasks : () => tasks;
  return fakeApi({
    'GET /api/tasks': () => ({ data: rows().map(asAnswered), count: rows().length }),
    ...extra,
  });
}

function show(roles: Role[], route = '/v3/abholauftraege') {
  setAuth(demoAuth(roles));
  return renderApp(<PickupListPage />, { route });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/tasks').map((c) => new URL(c.url, 'http://x').searchParams);
const lastListQuery = (calls: RecordedCall[]) => listCalls(calls).at(-1)!;
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

/** The stop's section (its header and rows) by the stop's name. */
const stop = (name: string) => screen.findByRole('region', { name });
async function rowOf(patient: string) {
  await screen.findAllByRole('region');
  return screen.getByText(patient).closest('tr')!;
}

describe('Abholaufträge: stops', () => {
  it('groups the orders by doctor with the practice address and phone, or by care home', async () => {
    pickupServer(aRound());
    show(['ROLE_DRIVER']);
    const berg = await stop('Dr. Jan Berg · Praxis Dr. Berg');
    expect(within(berg).getByText('Praxisstraße 1, 10117 Berlin · 2 Aufträge')).toBeInTheDocument();
    expect(within(berg).getByRole('link', { name: '030 123450 anrufen' })).toHaveAttribute('href', 'tel:030123450');
    expect(within(within(berg).getByRole('table', { name: 'Dr. Jan Berg · Praxis Dr. Berg' })).getAllByRole('row').slice(1).map((r) => (r as HTMLTableRowElement).cells[1]!.textContent)).toEqual([
      'Erna Schulzgeb. 01.02.1940 · Wohnbereich 1',
      'Ida Lang',
    ]);
    const roth = await stop('Dr. Eva Roth');
    expect(within(roth).getByText('Am Markt 5, 14467 Potsdam · 1 Auftrag')).toBeInTheDocument();
    // The stops in alphabetical order.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Dr. Jan Berg · Praxis Dr. Berg', 'Dr. Eva Roth']);

    await userEvent.click(screen.getByRole('button', { name: 'nach Einrichtung' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('group=home'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([LINDE.name, SONNENSCHEIN.name]);
    const linde = await stop('Haus Linde');
    expect(within(linde).getByText('Birkenallee 7, 12043 Berlin · 1 Auftrag')).toBeInTheDocument();
    expect(within(linde).getByRole('link', { name: '+49 30 444555 anrufen' })).toHaveAttribute('href', 'tel:+4930444555');
    const sonnenschein = await stop('Haus Sonnenschein');
    expect(within(sonnenschein).getByText('Lindenweg 3, 10115 Berlin · 2 Aufträge')).toBeInTheDocument();
    // Grouped by home, a row names the doctor (and by doctor, the home).
    expect(within(sonnenschein).getByRole('columnheader', { name: 'Arzt' })).toBeInTheDocument();
    expect(within(sonnenschein).getByText('Dr. Eva Roth')).toBeInTheDocument();
  });

  it('asks for the orders on the road, up to 999, with the pickup seen marks', async () => {
    const calls = pickupServer(aRound());
    show(['ROLE_DRIVER']);
    await stop('Dr. Jan Berg · Praxis Dr. Berg');
    const q = lastListQuery(calls);
    expect(q.get('filter[status]')).toBe('pickup,delivery');
    expect(q.get('filter[pickup]')).toBe('1');
    expect(q.get('limit')).toBe('999');
    expect(q.get('filter[type]')).toBeNull();
  });

  it("says 'Keine Abholaufträge vorhanden.' when nothing is on the road", async () => {
    pickupServer([]);
    show(['ROLE_DRIVER']);
    expect(await screen.findByText('Keine Abholaufträge vorhanden.')).toBeInTheDocument();
  });

  it('marks new and urgent orders', async () => {
    pickupServer([aPickupTask({ seen: [], urgent: true })]);
    show(['ROLE_DRIVER']);
    const row = await rowOf('Erna Schulz');
    expect(within(row).getByText('neu')).toBeInTheDocument();
    expect(within(row).getByText('dringend')).toBeInTheDocument();
    expect(within(row).getByText('bis 25.11.2026')).toBeInTheDocument();
    expect(within(row).getByText('In Abholung')).toBeInTheDocument();
    expect(within(row).getByText('400 mg Tabletten · Menge 2')).toBeInTheDocument();
  });
});

describe('Abholaufträge: the driver', () => {
  it('sees the orders on the road without tabs, without chats and without the pickup sheet', async () => {
    pickupServer(aRound());
    show(['ROLE_DRIVER']);
    const row = await rowOf('Erna Schulz');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Abholauftrag erzeugen/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Nachrichten anzeigen/ })).not.toBeInTheDocument();
    expect(within(row).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Ausliefern', 'Rezept abgeholt', 'Zurückgeben', 'Problem melden']);
  });
});

describe('Abholaufträge: actions', () => {
  const statusCase = async (button: string, status: string, message: string, task = aPickupTask(), confirm?: string) => {
    const calls = pickupServer([task], { 'PUT /api/tasks/:id': ({ body }) => ({ ...task, status: body.status! }) });
    show(['ROLE_DRIVER']);
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: button }));
    if (confirm) {
      const dialog = await screen.findByRole('dialog', { name: 'Auftrag zurückgeben' });
      expect(puts(calls)).toHaveLength(0);
      await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
    }
    await waitFor(() => expect(toasts).toContainEqual([message, 'success']));
    expect(puts(calls)).toEqual([expect.objectContaining({ url: '/api/tasks/t1', body: { status } })]);
  };

  it("'Ausliefern' sends the order out for delivery", () => statusCase('Ausliefern', 'delivery', TASK_MESSAGES.delivery));
  it("'Rezept abgeholt' finishes the order", () => statusCase('Rezept abgeholt', 'finished', TASK_MESSAGES.pickupFinished));
  it("'Zurückgeben' gives the order back to the home after the question", () => statusCase('Zurückgeben', 'new', TASK_MESSAGES.returned, aPickupTask(), 'Zurückgeben'));

  it('shows only the actions the server names, greyed out with the reason where not allowed now', async () => {
    pickupServer([], {
      'GET /api/tasks': {
        data: [
          aPickupTask({ status: 'delivery', actions: { deliver: 'status', finish: true } }),
          aPickupTask({ _id: 't2', patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' }, actions: { deliver: 'scope', reopen: true } }),
        ],
        count: 2,
      },
    });
    show(['ROLE_DRIVER']);
    const erna = await rowOf('Erna Schulz');
    expect(within(erna).getByRole('button', { name: 'Ausliefern' })).toHaveAttribute('aria-description', 'Nur Aufträge in Abholung können ausgeliefert werden');
    expect(within(erna).getByRole('button', { name: 'Ausliefern' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(erna).getByRole('button', { name: 'Rezept abgeholt' })).not.toHaveAttribute('aria-disabled');
    expect(within(erna).getByRole('button', { name: 'Zustellen mit Unterschrift' })).toBeEnabled();
    expect(within(erna).queryByRole('button', { name: 'Zurückgeben' })).not.toBeInTheDocument();
    const otto = await rowOf('Otto Kern');
    expect(within(otto).getByRole('button', { name: 'Ausliefern' })).toHaveAttribute('aria-description', 'Für diesen Auftrag nicht erlaubt');
    expect(within(otto).queryByRole('button', { name: 'Rezept abgeholt' })).not.toBeInTheDocument();
    expect(within(otto).queryByRole('button', { name: 'Zustellen mit Unterschrift' })).not.toBeInTheDocument();
    // Clicking a greyed-out action sends nothing.
    await userEvent.click(within(otto).getByRole('button', { name: 'Ausliefern' }));
    expect(toasts).toEqual([]);
  });

  it('sends the selected orders out for delivery at once', async () => {
    const round = aRound();
    const calls = pickupServer(round, { 'PUT /api/tasks/:id': ({ params, body }) => ({ ...round.find((t) => t._id === params.id)!, status: body.status! }) });
    show(['ROLE_DRIVER']);
    await stop('Dr. Jan Berg · Praxis Dr. Berg');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle Aufträge von Dr. Jan Berg · Praxis Dr. Berg auswählen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ausliefern (2)' }));
    await waitFor(() => expect(toasts).toEqual([[TASK_MESSAGES.delivery, 'success']]));
    expect(puts(calls).map((c) => [c.url, c.body])).toEqual([
      ['/api/tasks/t1', { status: 'delivery' }],
      ['/api/tasks/t3', { status: 'delivery' }],
    ]);
  });
});

describe('Abholaufträge: filters and read marks', () => {
  it("asks for the new ones only with 'nur neue', and by home and doctor", async () => {
    const calls = pickupServer(aRound());
    show(['ROLE_DRIVER']);
    await stop('Dr. Jan Berg · Praxis Dr. Berg');
    await userEvent.click(screen.getByRole('switch', { name: 'nur neue' }));
    await waitFor(() => expect(lastListQuery(calls).get('filter[notSeen]')).toBe('1'));
    expect(lastListQuery(calls).get('filter[pickup]')).toBe('1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Einrichtung' }));
    await userEvent.click(screen.getByRole('option', { name: 'Haus Linde' }));
    await waitFor(() => expect(lastListQuery(calls).get('filter[home]')).toBe('h2'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Arzt' }));
    await userEvent.click(screen.getByRole('option', { name: 'Dr. Eva Roth' }));
    await waitFor(() => expect(lastListQuery(calls).get('filter[doctor]')).toBe('d2'));
    expect(screen.getByTestId('location')).toHaveTextContent('notSeen=1&home=h2&doctor=d2');
  });

  it("marks every order on the road read and loads the list again", async () => {
    let rows = [aPickupTask({ seen: [] })];
    const calls = pickupServer(() => rows, { 'PUT /api/statistics/pickup_read_all': { kind: 'pickup', at: '2026-11-21T10:00:00.000Z' } });
    show(['ROLE_DRIVER']);
    const row = await rowOf('Erna Schulz');
    expect(within(row).getByText('neu')).toBeInTheDocument();
    rows = [aPickupTask({ seen: ['u1'] })];
    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(toasts).toContainEqual([READ_ALL_MESSAGES.pickup, 'success']));
    expect(puts(calls).map((c) => c.url)).toEqual(['/api/statistics/pickup_read_all']);
    await waitFor(() => expect(within(row).queryByText('neu')).not.toBeInTheDocument());
  });

  it('loads the list again when an order changes elsewhere', async () => {
    let rows = [aPickupTask()];
    pickupServer(() => rows);
    show(['ROLE_DRIVER']);
    const row = await rowOf('Erna Schulz');
    rows = [aPickupTask({ status: 'delivery' })];
    act(() => receiveLiveEvent(SOCKET_EVENTS.taskChanged, { taskId: 't1', status: 'delivery' }));
    expect(await within(row).findByText('Auslieferung')).toBeInTheDocument();
    rows = [...rows, aPickupTask({ _id: 't9', patientDetails: { _id: 'p9', firstname: 'Karl', lastname: 'Neu', dateOfBirth: '' } })];
    act(() => receiveLiveEvent(SOCKET_EVENTS.newTask, { taskId: 't9' }));
    expect(await screen.findByText('Karl Neu')).toBeInTheDocument();
  });
});

describe('Abholaufträge: the pharmacy', () => {
  const downloads: string[] = [];
  let click: jest.SpyInstance;
  beforeEach(() => {
    downloads.length = 0;
    URL.createObjectURL = () => 'blob:abholauftrag';
    URL.revokeObjectURL = () => undefined;
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => click.mockRestore());

  it("makes the pickup sheet of exactly the selected ready orders ('Abholbereit') and downloads it", async () => {
    let ready = aRound({ status: 'new' });
    const calls = pickupServer(() => ready, {
      'POST /api/tasks/pickup': ({ body }) => {
        ready = ready.filter((t) => !body.tasks.includes(t._id));
        return new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      },
    });
    show(['ROLE_PHARMA']);
    await userEvent.click(await screen.findByRole('tab', { name: 'Abholbereit' }));
    expect(screen.getByRole('tab', { name: 'Abholbereit', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('view=ready'));
    await stop('Dr. Jan Berg · Praxis Dr. Berg');
    const q = lastListQuery(calls);
    expect(q.get('filter[status]')).toBe('new');
    expect(q.get('filter[type]')).toBe('1,3,4');
    expect(q.get('filter[pickup]')).toBeNull();
    expect(q.get('limit')).toBe('999');
    // No row actions here: the selection makes the sheet.
    expect(screen.queryByRole('button', { name: 'Ausliefern' })).not.toBeInTheDocument();

    const sheet = screen.getByRole('button', { name: 'Abholauftrag erzeugen (PDF)' });
    expect(sheet).toBeDisabled();
    // All, then the group of Dr. Berg off again: Otto's order alone.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    expect(screen.getByText('3 ausgewählt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alle Aufträge von Dr. Jan Berg · Praxis Dr. Berg auswählen' }));
    expect(screen.getByRole('checkbox', { name: 'Erna Schulz auswählen' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Otto Kern auswählen' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ida Lang auswählen' }));
    await userEvent.click(sheet);

    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.pickup, 'success']));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ tasks: ['t2', 't3'] });
    expect(downloads).toEqual([expect.stringMatching(/^abholauftrag_\d{8}_\d{6}\.pdf$/)]);
    // The orders went to the drivers: off the ready list, the selection cleared.
    await waitFor(() => expect(screen.queryByText('Otto Kern')).not.toBeInTheDocument());
    expect(screen.queryByText(/ausgewählt/)).not.toBeInTheDocument();
  });

  it("starts with the orders on the road ('Unterwegs'), and reads their chat", async () => {
    const calls = pickupServer(aRound(), {
      'GET /api/tasks/:id/events': { data: [anEvent()], count: 1 },
      'PUT /api/tasks/:id/events': { message: 'ok' },
    });
    show(['ROLE_PHARMA'], '/v3/abholauftraege?view=ready');
    expect(await screen.findByRole('tab', { name: 'Abholbereit', selected: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Unterwegs' }));
    await waitFor(() => expect(lastListQuery(calls).get('filter[status]')).toBe('pickup,delivery'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/v3\/abholauftraege$/);
    expect(screen.queryByRole('button', { name: 'Abholauftrag erzeugen (PDF)' })).not.toBeInTheDocument();
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: 'Nachrichten anzeigen: Erna Schulz' }));
    expect(await screen.findByText('Bitte bis Freitag liefern.')).toBeInTheDocument();
  });
});

describe('Abholaufträge: problems on the way', () => {
  it("needs a reason, and for 'Sonstiges' a description", async () => {
    const calls = pickupServer([aPickupTask()], { 'POST /api/tasks/:id/incidents': ({ body }) => anEvent({ type: 'incident', data: { reason: body.reason, text: body.text ?? '' } }) });
    show(['ROLE_DRIVER']);
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: 'Problem melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Problem melden' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    expect(within(dialog).getByText(DELIVERY_MESSAGES.incidentReason)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Sonstiges' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    expect(within(dialog).getByText(DELIVERY_MESSAGES.incidentText)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Beschreibung/ }), 'Tür verschlossen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    await waitFor(() => expect(toasts).toContainEqual([DELIVERY_MESSAGES.incidentSaved, 'success']));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/tasks/t1/incidents', body: { reason: 'other', text: 'Tür verschlossen' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a reason without text', async () => {
    const calls = pickupServer([aPickupTask()], { 'POST /api/tasks/:id/incidents': anEvent({ type: 'incident' }) });
    show(['ROLE_DRIVER']);
    await userEvent.click(within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Problem melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Problem melden' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Heim nicht erreichbar' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'unreachable', text: '' }));
  });
});

describe('Abholaufträge: proof of delivery', () => {
  let restoreCanvas: () => void;
  beforeEach(() => (restoreCanvas = installCanvas()));
  afterEach(() => restoreCanvas());

  /** Draws a stroke on the pad. */
  const sign = (pad: HTMLElement) => {
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 40, clientY: 30 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
  };

  it('refuses an empty name or signature, then sends the name, the position and the signature as PNG', async () => {
    const restoreGeo = installGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 12 });
    try {
      const task = aPickupTask({ status: 'delivery' });
      const calls = pickupServer([task], { 'POST /api/tasks/:id/delivery': { ...task, status: 'finished' } });
      show(['ROLE_DRIVER']);
      await userEvent.click(within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Zustellen mit Unterschrift' }));
      const dialog = await screen.findByRole('dialog', { name: 'Zustellen mit Unterschrift' });
      expect(within(dialog).getByText('Haus Sonnenschein, Lindenweg 3, 10115 Berlin')).toBeInTheDocument();
      expect(within(dialog).getByText('Standort erfasst (± 12 m)')).toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Zustellung bestätigen' }));
      expect(within(dialog).getByText(DELIVERY_MESSAGES.recipientRequired)).toBeInTheDocument();
      expect(within(dialog).getByText(DELIVERY_MESSAGES.signatureRequired)).toBeInTheDocument();
      await userEvent.type(within(dialog).getByRole('textbox', { name: /Name des Empfängers/ }), 'Pflegerin Maria');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Zustellung bestätigen' }));
      expect(within(dialog).getByText(DELIVERY_MESSAGES.signatureRequired)).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      // "Löschen" wipes a signature: it must be drawn again.
      const pad = within(dialog).getByRole('img', { name: 'Unterschrift' });
      sign(pad);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
      expect(within(dialog).getByRole('button', { name: 'Löschen' })).toBeDisabled();
      sign(pad);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Zustellung bestätigen' }));

      await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.pickupFinished, 'success']));
      const post = calls.find((c) => c.method === 'POST')!;
      expect(post.url).toBe('/api/tasks/t1/delivery');
      const form = post.body as FormData;
      expect(form).toBeInstanceOf(FormData);
      expect(form.get('recipient')).toBe('Pflegerin Maria');
      expect([form.get('latitude'), form.get('longitude'), form.get('accuracy')]).toEqual(['52.52', '13.405', '12']);
      const signature = form.get('signature') as File;
      expect(signature.type).toBe('image/png');
      expect(signature.name).toBe('unterschrift.png');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      restoreGeo();
    }
  });

  it("shows the server's field message beside the name, and sends no position without one", async () => {
    const task = aPickupTask({ status: 'delivery' });
    const calls = pickupServer([task], { 'POST /api/tasks/:id/delivery': fail(400, [{ path: 'recipient', message: DELIVERY_MESSAGES.recipientTooLong }, { message: DELIVERY_MESSAGES.proofNeedsHome }]) });
    show(['ROLE_DRIVER']);
    await userEvent.click(within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Zustellen mit Unterschrift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zustellen mit Unterschrift' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name des Empfängers/ }), 'X');
    sign(within(dialog).getByRole('img', { name: 'Unterschrift' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zustellung bestätigen' }));
    expect(await within(dialog).findByText(DELIVERY_MESSAGES.recipientTooLong)).toBeInTheDocument();
    expect(toasts).toEqual([[DELIVERY_MESSAGES.proofNeedsHome, 'error']]);
    const form = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(form.has('latitude')).toBe(false);
  });
});

describe('Abholaufträge on a phone (390 px)', () => {
  let restoreWidth: () => void;
  beforeEach(() => (restoreWidth = mockWindowWidth(390)));
  afterEach(() => restoreWidth());

  it('shows each stop with its orders as cards and labelled buttons, the next step filled', async () => {
    pickupServer(aRound());
    show(['ROLE_DRIVER']);
    const berg = await stop('Dr. Jan Berg · Praxis Dr. Berg');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(berg).getByRole('list', { name: 'Dr. Jan Berg · Praxis Dr. Berg' });
    const erna = within(cards).getAllByRole('listitem')[0]!;
    expect(within(erna).getByText('Erna Schulz')).toBeInTheDocument();
    expect(within(erna).getByText('geb. 01.02.1940 · Wohnbereich 1')).toBeInTheDocument();
    const deliver = within(erna).getByRole('button', { name: 'Ausliefern' });
    expect(deliver).toHaveClass('MuiButton-contained');
    expect(within(erna).getByRole('button', { name: 'Rezept abgeholt' })).toHaveClass('MuiButton-outlined');
    expect(within(berg).getByRole('link', { name: '030 123450 anrufen' })).toHaveAttribute('href', 'tel:030123450');
  });

  it('opens the proof of delivery full-screen', async () => {
    const restoreCanvas = installCanvas();
    try {
      pickupServer([aPickupTask({ status: 'delivery' })]);
      show(['ROLE_DRIVER']);
      const berg = await stop('Dr. Jan Berg · Praxis Dr. Berg');
      const sign = within(berg).getByRole('button', { name: 'Zustellen mit Unterschrift' });
      expect(sign).toHaveClass('MuiButton-contained');
      await userEvent.click(sign);
      const dialog = await screen.findByRole('dialog', { name: 'Zustellen mit Unterschrift' });
      expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      restoreCanvas();
    }
  });
});
