import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureErrorHandler, receiveLiveEvent, setAuth, type ToastOptions, type ToastVariant } from '@mediport/api-client';
import { SOCKET_EVENTS, TASK_MESSAGES, type Role, type TaskDto } from '@mediport/contracts';
import { PICKUP_MESSAGES } from '@mediport/contracts/delivery';
import { fail, fakeApi, type FakeApiRoutes, mockWindowWidth, type RecordedCall, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { formatDateTime } from '@mediport/ui';
import { aDoctor, aHome, anEvent, asAnswered, aTask } from '../features/list/testing/task-fixtures';
import { pickupFileName } from '../features/list/api/pickup-file-name';
import { TaskListPage } from './task-list-page';

const toasts: [string, ToastVariant][] = [];
/** The toasts' options (a "Rückgängig" button, a key), in the order shown. */
const toastOptions: (ToastOptions | undefined)[] = [];
const dismissed: string[] = [];

beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
  toastOptions.length = 0;
  dismissed.length = 0;
  configureErrorHandler({
    notify: (message, variant, options) => {
      toasts.push([message, variant]);
      toastOptions.push(options);
    },
    dismiss: (key) => dismissed.push(key),
  });
});

/** The list's server: the tasks (a function to change them between calls), the filter options, and `extra` routes. */
function taskServer(tasks: TaskDto[] | (() => TaskDto[]), extra: FakeApiRoutes = {}) {
  const rows = typeof tasks === 'function' ? tasks : () => tasks;
  return fakeApi({
    'GET /api/tasks': () => ({ data: rows().map(asAnswered), count: rows().length }),
    'GET /api/doctors': { data: [aDoctor()], count: 1 },
    'GET /api/homes': { data: [aHome()], count: 1 },
    ...extra,
  });
}

function show(roles: Role[], route = '/anforderungen', opts: { hasContract?: boolean } = {}) {
  setAuth(demoAuth(roles, opts));
  return renderApp(<TaskListPage />, { route });
}

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/tasks').map((c) => new URL(c.url, 'http://x').searchParams);
const lastListQuery = (calls: RecordedCall[]) => listCalls(calls).at(-1)!;

async function rowOf(patient: string) {
  const table = await screen.findByRole('table', { name: 'Anforderungen' });
  return within(table).getByText(patient).closest('tr')!;
}

/** Opens the row's "Weitere Aktionen" and answers the menu. */
async function moreActionsOf(row: HTMLElement) {
  await userEvent.click(within(row).getByRole('button', { name: 'Weitere Aktionen' }));
  return screen.findByRole('menu', { name: 'Weitere Aktionen' });
}

/** Shows the filters behind "Weitere Filter". */
const showMoreFilters = () => userEvent.click(screen.getByRole('button', { name: 'Weitere Filter' }));

const OTTO = { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' };

describe('Anforderungen: columns and marks', () => {
  it('shows every column and the home link to the pharmacy admin', async () => {
    taskServer([aTask()]);
    show(['ROLE_ADMIN']);
    const table = await screen.findByRole('table', { name: 'Anforderungen' });
    const headers = within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['Details', 'Auswahl', 'Nachrichten', 'Patient', 'Einrichtung', 'Medikament', 'Arzt', 'Status', 'Aktionen']);
    const row = await rowOf('Erna Schulz');
    // Home and doctor give way below 768 px (CSS; jsdom leaves them out of the accessible tree).
    expect(within(row).getByRole('link', { name: 'Haus Sonnenschein', hidden: true })).toHaveAttribute('href', '/pflegeeinrichtungen/bearbeiten/h1');
    expect(within(row).getByText('Dr. Jan Berg')).toBeInTheDocument();
    expect(within(row).getByText('400 mg Tabletten · Menge 2')).toBeInTheDocument();
    expect(within(row).getByLabelText('3 Nachrichten, 1 ungelesen')).toBeInTheDocument();
    expect(within(row).getByText('Neu')).toBeInTheDocument();
    await showMoreFilters();
    expect(screen.getByRole('combobox', { name: 'Einrichtung' })).toBeInTheDocument();
  });

  it('leaves out what the home role may not see: the home column and filter, pickup, reopen, mail and fax', async () => {
    taskServer([aTask(), aTask({ _id: 't2', status: 'finished', patientDetails: OTTO })]);
    show(['ROLE_HOME']);
    const table = await screen.findByRole('table', { name: 'Anforderungen' });
    const headers = within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['Details', 'Auswahl', 'Nachrichten', 'Patient', 'Medikament', 'Arzt', 'Status', 'Aktionen']);
    await showMoreFilters();
    expect(screen.queryByRole('combobox', { name: 'Einrichtung' })).not.toBeInTheDocument();
    const open = await rowOf('Erna Schulz');
    const names = within(open).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(expect.arrayContaining(['Drucken', 'Vorgang abschließen', 'Weitere Aktionen']));
    expect(names).not.toContain('Abholauftrag erzeugen');
    expect(within(open).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/v3/anforderungen/bearbeiten/t1');
    const menu = await moreActionsOf(open);
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Nachbestellen', 'Stornieren']);
    expect(within(menu).getByRole('menuitem', { name: 'Nachbestellen' })).toHaveAttribute('href', '/v3/anforderung/neu/t1');
    await userEvent.keyboard('{Escape}');
    // Finished: edit, finish and cancel keep their places, greyed out with the reason; the home role may not reopen.
    const done = await rowOf('Otto Kern');
    expect(within(done).getByRole('button', { name: 'Bearbeiten' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(done).getByRole('button', { name: 'Bearbeiten' })).toHaveAttribute('aria-description', 'Nur offene Aufträge können bearbeitet werden');
    expect(within(done).getByRole('button', { name: 'Vorgang abschließen' })).toHaveAttribute('aria-disabled', 'true');
    const doneMenu = await moreActionsOf(done);
    expect(within(doneMenu).getByRole('menuitem', { name: /Stornieren/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(doneMenu).getByText('Nur offene Aufträge können storniert werden')).toBeInTheDocument();
    expect(within(doneMenu).queryByRole('menuitem', { name: /Wieder öffnen/ })).toBeNull();
  });

  it('hides a column whose permission is missing (no actions column without task_column_actions_view)', async () => {
    taskServer([aTask()]);
    const auth = demoAuth(['ROLE_HOME']);
    setAuth({ ...auth, permissions: auth.permissions.filter((p) => p !== 'task_column_actions_view' && p !== 'task_column_messages_count_view') });
    renderApp(<TaskListPage />, { route: '/anforderungen' });
    const table = await screen.findByRole('table', { name: 'Anforderungen' });
    const headers = within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['Details', 'Auswahl', 'Patient', 'Medikament', 'Arzt', 'Status']);
  });

  it('marks unseen, urgent and failed orders', async () => {
    taskServer([aTask({ seen: [], urgent: true, error: true })]);
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    expect(within(row).getByText('neu')).toBeInTheDocument();
    expect(within(row).getByText('dringend')).toBeInTheDocument();
    expect(within(row).getByText('bis 25.11.2026')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Fehler beim Senden an den Arzt (E-Mail oder Fax)' })).toBeInTheDocument();
  });

  it("names the row's actions and the error mark in the table's one tooltip", async () => {
    taskServer([aTask({ error: true })]);
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(within(row).getByRole('button', { name: 'Drucken' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Drucken');
    await userEvent.hover(within(row).getByRole('link', { name: 'Bearbeiten' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Bearbeiten'));
    await userEvent.hover(within(row).getByRole('img', { name: 'Fehler beim Senden an den Arzt (E-Mail oder Fax)' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Fehler beim Senden an den Arzt (E-Mail oder Fax)'));
    await userEvent.unhover(within(row).getByRole('img', { name: 'Fehler beim Senden an den Arzt (E-Mail oder Fax)' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('offers mail and fax only for a doctor with an e-mail address or a fax number (else greyed out with the reason)', async () => {
    taskServer([aTask(), aTask({ _id: 't2', doctorDetails: { _id: 'd2', title: '', firstname: 'Eva', lastname: 'Roth', email: '', fax: '' }, patientDetails: OTTO })]);
    show(['ROLE_PHARMA']);
    const withContact = await moreActionsOf(await rowOf('Erna Schulz'));
    expect(within(withContact).getByRole('menuitem', { name: 'Per E-Mail senden' })).toHaveAttribute('href', '/anforderungen/erzeugen?tasks=t1&type=email');
    expect(within(withContact).getByRole('menuitem', { name: 'Per Fax senden' })).toHaveAttribute('href', '/anforderungen/erzeugen?tasks=t1&type=fax');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const without = await moreActionsOf(await rowOf('Otto Kern'));
    expect(within(without).getByRole('menuitem', { name: /Per E-Mail senden/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(without).getByRole('menuitem', { name: /Per E-Mail senden/ })).not.toHaveAttribute('href');
    expect(within(without).getByText('Für den Arzt ist keine E-Mail-Adresse hinterlegt')).toBeInTheDocument();
    expect(within(without).getByText('Für den Arzt ist keine Faxnummer hinterlegt')).toBeInTheDocument();
  });
});

describe('Anforderungen: filters and pages', () => {
  it('reads page size and filters from the URL (a bookmarked view)', async () => {
    const calls = taskServer([aTask(), aTask({ _id: 't2' })]);
    show(['ROLE_PHARMA'], '/anforderungen?limit=20&status=new,pickup&notSeen=1&latestDelivery=2026-11-25&text=Ibu');
    await rowOf('Erna Schulz').catch(() => undefined);
    const q = lastListQuery(calls);
    expect(q.get('limit')).toBe('20');
    expect(q.get('offset')).toBe('0');
    expect(q.get('filter[status]')).toBe('new,pickup');
    expect(q.get('filter[notSeen]')).toBe('1');
    expect(q.get('filter[latestDelivery]')).toBe('25.11.2026');
    expect(q.get('filter[text]')).toBe('Ibu');
    expect(screen.getByText('1 - 2 von 2 Datensätzen')).toBeInTheDocument();
    expect(screen.getByText('Zeilen')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('Ibu');
    // Days show as TT.MM.JJJJ whatever the browser's language (the URL keeps YYYY-MM-DD).
    expect(screen.getByLabelText('Spätester Liefertermin')).toHaveValue('25.11.2026');
  });

  it('asks for 50 rows by default and offers 20 and 50', async () => {
    const calls = taskServer([aTask()]);
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    expect(lastListQuery(calls).get('limit')).toBe('50');
    await userEvent.click(screen.getByRole('combobox', { name: /Zeilen/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['20', '50']);
    await userEvent.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/anforderungen?limit=20'));
    await waitFor(() => expect(lastListQuery(calls).get('limit')).toBe('20'));
  });

  it('writes the filters into the URL and asks the server with them', async () => {
    const calls = taskServer([aTask()]);
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suche' }), 'Schulz');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('text=Schulz'));
    await waitFor(() => expect(lastListQuery(calls).get('filter[text]')).toBe('Schulz'));

    await userEvent.click(screen.getByRole('switch', { name: 'Nur neue' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Ungelesene Nachrichten' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('notSeen=1&notSeenEvents=1'));
    await waitFor(() => expect(lastListQuery(calls).get('filter[notSeenEvents]')).toBe('1'));
    expect(lastListQuery(calls).get('filter[notSeen]')).toBe('1');

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Erledigt' }));
    await userEvent.click(screen.getByRole('option', { name: 'Neu' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(lastListQuery(calls).get('filter[status]')).toBe('new,finished'));

    await showMoreFilters();
    await userEvent.click(screen.getByRole('combobox', { name: 'Arzt' }));
    await userEvent.click(screen.getByRole('option', { name: 'Dr. Jan Berg' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Datum' }));
    await userEvent.click(screen.getByRole('option', { name: 'Geändert' }));
    fireEvent.change(screen.getByLabelText('Von'), { target: { value: '01.11.2026' } });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '30.11.2026' } });
    await waitFor(() => expect(lastListQuery(calls).get('filter[to]')).toBe('30.11.2026'));
    const q = lastListQuery(calls);
    expect(q.get('filter[doctor]')).toBe('d1');
    expect(q.get('filter[filter_date_type]')).toBe('modified');
    expect(q.get('filter[from]')).toBe('01.11.2026');
    expect(screen.getByTestId('location')).toHaveTextContent('doctor=d1');
    expect(screen.getByTestId('location')).toHaveTextContent('from=2026-11-01');
    // An impossible day is not sent; the field says what it expects.
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '31.02.2026' } });
    expect(await screen.findByText('TT.MM.JJJJ')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('to=2026-11-30');

    await userEvent.type(screen.getByRole('textbox', { name: 'Medikament' }), 'Ibu');
    await waitFor(() => expect(lastListQuery(calls).get('filter[medicine]')).toBe('Ibu'));
  });

  it('waits 500 ms after a filter change before it asks again', async () => {
    const calls = taskServer([aTask()]);
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    const before = listCalls(calls).length;
    await userEvent.click(screen.getByRole('switch', { name: 'Nur neue' }));
    await new Promise((r) => setTimeout(r, 250));
    expect(listCalls(calls).length).toBe(before);
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
  });
});

describe('Anforderungen: actions', () => {
  const statusCase = async (task: TaskDto, action: (row: HTMLElement) => Promise<void>, status: string, message: string) => {
    const calls = taskServer([task], { 'PUT /api/tasks/:id': ({ body }) => ({ ...task, status: body.status! }) });
    show(['ROLE_ADMIN']);
    const row = await rowOf('Erna Schulz');
    await action(row);
    await waitFor(() => expect(toasts).toContainEqual([message, 'success']));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/tasks/t1');
    expect(put.body).toEqual({ status });
  };
  const menuItem = (name: string) => async (row: HTMLElement) => userEvent.click(within(await moreActionsOf(row)).getByRole('menuitem', { name }));

  it("'Abholauftrag erzeugen' without the pickup sheet's right hands the order over by its status alone", async () => {
    const auth = demoAuth(['ROLE_PHARMA']);
    const task = aTask();
    const calls = taskServer([task], { 'PUT /api/tasks/:id': ({ body }) => ({ ...task, status: body.status! }) });
    setAuth({ ...auth, permissions: auth.permissions.filter((p) => p !== 'pickup_create_view') });
    renderApp(<TaskListPage />, { route: '/anforderungen' });
    await userEvent.click(within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Abholauftrag erzeugen' }));
    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.pickup, 'success']));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/tasks/t1', body: { status: 'pickup' } });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // No sheet without its right: the selection offers none either.
    expect(screen.queryByRole('button', { name: 'Abholauftrag (Auswahl)' })).not.toBeInTheDocument();
  });
  it('reopens a finished order', () => statusCase(aTask({ status: 'finished' }), menuItem('Wieder öffnen'), 'new', TASK_MESSAGES.reopened));

  it('keeps pickup in its place for other types and states, greyed out with the reason', async () => {
    taskServer([aTask({ type: 2 }), aTask({ _id: 't2', status: 'pickup', patientDetails: OTTO })]);
    show(['ROLE_ADMIN']);
    const selfPay = within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Abholauftrag erzeugen' });
    expect(selfPay).toHaveAttribute('aria-disabled', 'true');
    expect(selfPay).toHaveAttribute('aria-description', 'Für die Auftragsart „Selbstkauf“ gibt es keinen Abholauftrag');
    const inPickup = within(await rowOf('Otto Kern')).getByRole('button', { name: 'Abholauftrag erzeugen' });
    expect(inPickup).toHaveAttribute('aria-description', 'Nur neue Aufträge können an die Fahrer übergeben werden');
    await userEvent.click(inPickup);
    // The reason shows as the tooltip; nothing is sent.
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Abholauftrag erzeugen: Nur neue Aufträge können an die Fahrer übergeben werden'));
  });

  it('gives each action the same place in every row, whatever the status; finish and cancel are never side by side', async () => {
    taskServer([
      aTask(),
      aTask({ _id: 't2', status: 'finished', patientDetails: OTTO, doctorDetails: null, doctor: null }),
      aTask({ _id: 't3', status: 'canceled', type: 2, patientDetails: { _id: 'p3', firstname: 'Ida', lastname: 'Lang', dateOfBirth: '' } }),
    ]);
    show(['ROLE_ADMIN']);
    // The actions cell: each button or link by name, in order ("Bearbeiten" is a link while allowed, a greyed-out button otherwise).
    const slotNames = async (patient: string) => [...(await rowOf(patient)).lastElementChild!.querySelectorAll('button, a')].map((el) => el.getAttribute('aria-label'));
    for (const patient of ['Erna Schulz', 'Otto Kern', 'Ida Lang']) expect(await slotNames(patient)).toEqual(['Abholauftrag erzeugen', 'Drucken', 'Bearbeiten', 'Vorgang abschließen', 'Weitere Aktionen']);
    const menu = within(await moreActionsOf(await rowOf('Erna Schulz')));
    expect(menu.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Per E-Mail senden',
      'Per Fax senden',
      'Nachbestellen',
      'Wieder öffnenNur erledigte oder stornierte Aufträge können wieder geöffnet werden',
      'Stornieren',
    ]);
  });

  it('cancels only after the question was confirmed', async () => {
    const task = aTask();
    const calls = taskServer([task], { 'PUT /api/tasks/:id': ({ body }) => ({ ...task, status: body.status! }) });
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(await moreActionsOf(row)).getByRole('menuitem', { name: 'Stornieren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Vorgang stornieren' });
    expect(within(dialog).getByText('Möchten Sie diesen Vorgang Stornieren?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(within(await moreActionsOf(row)).getByRole('menuitem', { name: 'Stornieren' }));
    dialog = await screen.findByRole('dialog', { name: 'Vorgang stornieren' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.canceled, 'success']));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'canceled' });
  });

  it("shows 'Vertrag benötigt!' on re-order while the contract is missing", async () => {
    taskServer([aTask()]);
    show(['ROLE_HOME'], '/anforderungen', { hasContract: false });
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(await moreActionsOf(row)).getByRole('menuitem', { name: 'Nachbestellen' }));
    expect(await screen.findByRole('dialog', { name: 'Vertrag benötigt!' })).toBeInTheDocument();
  });

  it('prints the order sheet (PDF) in a new window, fetched with the session token', async () => {
    const calls = taskServer([aTask()], {
      'GET /api/tasks/:id/print': new Blob(['%PDF-1.7 Auftrag'], { type: 'application/pdf' }),
    });
    const target = { location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    let shown: Blob | undefined;
    URL.createObjectURL = (blob) => {
      shown = blob as Blob;
      return 'blob:auftrag';
    };
    URL.revokeObjectURL = () => undefined;
    try {
      show(['ROLE_PHARMA']);
      const row = await rowOf('Erna Schulz');
      await userEvent.click(within(row).getByRole('button', { name: 'Drucken' }));
      await waitFor(() => expect(target.location.href).toBe('blob:auftrag'));
      // The browser's PDF viewer shows it.
      expect(shown?.type).toBe('application/pdf');
      const print = calls.find((c) => c.url === '/api/tasks/t1/print')!;
      expect(print.headers['x-auth-token']).toBe('token-ROLE_PHARMA');
      expect(open).toHaveBeenCalledWith('', '_blank');
    } finally {
      open.mockRestore();
    }
  });
});

describe('Anforderungen: the pickup sheet', () => {
  /** The file names of the browser downloads (saveBlob clicks a link). */
  const saved: string[] = [];
  let click: jest.SpyInstance;
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = () => 'blob:abholauftrag';
    URL.revokeObjectURL = () => undefined;
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => click.mockRestore());

  const sheet = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });
  const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/tasks/pickup');
  /** The download's name is the sheet's moment in Berlin time, between these two. */
  const expectSheetName = (name: string | undefined, before: Date, after: Date) => {
    expect(name).toMatch(/^abholauftrag_\d{8}_\d{6}\.pdf$/);
    expect([pickupFileName(before), name, pickupFileName(after)].sort()).toEqual([pickupFileName(before), name, pickupFileName(after)]);
  };

  it("'Abholauftrag erzeugen' in a row produces the sheet for that order, saves it and reloads the list", async () => {
    const calls = taskServer([aTask(), aTask({ _id: 't2', patientDetails: OTTO })], { 'POST /api/tasks/pickup': sheet() });
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    const lists = listCalls(calls).length;
    const before = new Date();
    await userEvent.click(within(row).getByRole('button', { name: 'Abholauftrag erzeugen' }));
    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.pickup, 'success']));
    const after = new Date();
    expect(posts(calls).map((c) => c.body)).toEqual([{ tasks: ['t1'] }]);
    expect(posts(calls)[0]!.headers['x-auth-token']).toBe('token-ROLE_PHARMA');
    expect(saved).toHaveLength(1);
    expectSheetName(saved[0], before, after);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(lists));
  });

  it("shows the server's refusal as the error toast and saves nothing", async () => {
    taskServer([aTask()], { 'POST /api/tasks/pickup': fail(409, PICKUP_MESSAGES.notNew) });
    show(['ROLE_PHARMA']);
    await userEvent.click(within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Abholauftrag erzeugen' }));
    await waitFor(() => expect(toasts).toEqual([[PICKUP_MESSAGES.notNew, 'error']]));
    expect(saved).toEqual([]);
  });

  it('produces one sheet for the selected orders and clears the selection', async () => {
    const calls = taskServer([aTask(), aTask({ _id: 't2', patientDetails: OTTO }), aTask({ _id: 't3', patientDetails: { _id: 'p3', firstname: 'Ida', lastname: 'Lang', dateOfBirth: '' } })], {
      'POST /api/tasks/pickup': sheet(),
    });
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    const create = screen.getByRole('button', { name: 'Abholauftrag (Auswahl)' });
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute('aria-description', PICKUP_MESSAGES.empty);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ida Lang auswählen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Erna Schulz auswählen' }));
    expect(create).toBeEnabled();
    expect(create).not.toHaveAttribute('aria-description');
    const before = new Date();
    await userEvent.click(create);
    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.pickup, 'success']));
    const after = new Date();
    // Exactly the selected ids, in the list's order.
    expect(posts(calls).map((c) => c.body)).toEqual([{ tasks: ['t1', 't3'] }]);
    expect(saved).toHaveLength(1);
    expectSheetName(saved[0], before, after);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Erna Schulz auswählen' })).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Ida Lang auswählen' })).not.toBeChecked();
    expect(create).toBeDisabled();
  });

  it('keeps the selection while the user pauses (no filter changed)', async () => {
    taskServer([aTask(), aTask({ _id: 't2', status: 'pickup', patientDetails: OTTO })]);
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Erna Schulz auswählen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Otto Kern auswählen' }));
    // Longer than the filters' settling time (500 ms).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.getByRole('checkbox', { name: 'Erna Schulz auswählen' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Otto Kern auswählen' })).toBeChecked();
  });

  it('is greyed out with the reason while a selected order cannot go to the drivers', async () => {
    const calls = taskServer([aTask(), aTask({ _id: 't2', status: 'pickup', patientDetails: OTTO }), aTask({ _id: 't3', type: 2, patientDetails: { _id: 'p3', firstname: 'Ida', lastname: 'Lang', dateOfBirth: '' } })]);
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    const create = screen.getByRole('button', { name: 'Abholauftrag (Auswahl)' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Erna Schulz auswählen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Otto Kern auswählen' }));
    expect(create).toBeDisabled();
    const notNew = 'Nicht für alle ausgewählten Aufträge möglich: Nur neue Aufträge können an die Fahrer übergeben werden';
    expect(create).toHaveAttribute('aria-description', notNew);
    await userEvent.hover(create.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(notNew);
    await userEvent.unhover(create.parentElement!);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ida Lang auswählen' }));
    expect(create).toHaveAttribute('aria-description', `${notNew} · Für die Auftragsart „Selbstkauf“ gibt es keinen Abholauftrag`);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Otto Kern auswählen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ida Lang auswählen' }));
    expect(create).toBeEnabled();
    expect(posts(calls)).toEqual([]);
  });
});

describe('Anforderungen: read marks and live updates', () => {
  it('marks the selected orders read, then all', async () => {
    const calls = taskServer([aTask({ seen: [] }), aTask({ _id: 't2', seen: [], patientDetails: OTTO })], {
      'PUT /api/tasks/seen': { message: TASK_MESSAGES.seen },
    });
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    const selected = screen.getByRole('button', { name: 'Ausgewählte als gelesen markieren' });
    expect(selected).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Otto Kern auswählen' }));
    await userEvent.click(selected);
    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.selectedSeen, 'success']));
    expect(calls.filter((c) => c.method === 'PUT')[0]!.body).toEqual({ tasks: ['t2'] });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Otto Kern auswählen' })).not.toBeChecked());

    // "Alle" asks first: cancelled, nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Alle als gelesen markieren' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    dialog = await screen.findByRole('dialog', { name: 'Alle als gelesen markieren' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Als gelesen markieren' }));
    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.allSeen, 'success']));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ tasks: true });
  });

  it("lights up 'Aktualisieren' when a new order arrives live and loads the list on click", async () => {
    let rows = [aTask()];
    const calls = taskServer(() => rows);
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    const refresh = screen.getByRole('button', { name: 'Aktualisieren' });
    expect(refresh).toBeDisabled();
    rows = [...rows, aTask({ _id: 't2', seen: [], patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' } })];
    act(() => receiveLiveEvent(SOCKET_EVENTS.newTask, { taskId: 't2' }));
    expect(refresh).toBeEnabled();
    expect(screen.queryByText('Otto Kern')).not.toBeInTheDocument();
    const before = listCalls(calls).length;
    await userEvent.click(refresh);
    expect(await screen.findByText('Otto Kern')).toBeInTheDocument();
    expect(listCalls(calls).length).toBe(before + 1);
    expect(refresh).toBeDisabled();
  });

  it('loads the rows again quietly on a live new message or status change', async () => {
    let rows = [aTask()];
    taskServer(() => rows);
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    rows = [aTask({ events: 4, unseenEvents: 2 })];
    act(() => receiveLiveEvent(SOCKET_EVENTS.newEvent, { taskId: 't1', eventId: 'e9' }));
    expect(await within(row).findByLabelText('4 Nachrichten, 2 ungelesen')).toBeInTheDocument();
    rows = [aTask({ status: 'pickup', events: 4, unseenEvents: 2 })];
    act(() => receiveLiveEvent(SOCKET_EVENTS.taskChanged, { taskId: 't1', status: 'pickup' }));
    expect(await within(row).findByText('In Abholung')).toBeInTheDocument();
  });
});

describe('Anforderungen: expanded rows', () => {
  it('shows details and the chat, marks the order seen, and its messages seen on collapse', async () => {
    const task = aTask({ seen: [] });
    const calls = taskServer([task], {
      'PUT /api/tasks/:id/seen': { message: TASK_MESSAGES.seen },
      'GET /api/tasks/:id/events': { data: [anEvent()], count: 1 },
      'PUT /api/tasks/:id/events': { message: 'ok' },
    });
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: 'Details anzeigen: Erna Schulz' }));
    const details = await screen.findByRole('region', { name: 'Details' });
    for (const text of ['Auftrag', 'Medikament', '400 mg Tabletten', '25.11.2026', `heim.anna, ${formatDateTime(task.createdAt)}`, `apo.ben, ${formatDateTime(task.modifiedAt)}`]) expect(within(details).getAllByText(text).length).toBeGreaterThan(0);
    expect(await screen.findByText('Bitte bis Freitag liefern.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/tasks/t1/seen')).toBe(true));

    await userEvent.click(within(row).getByRole('button', { name: 'Details ausblenden: Erna Schulz' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Details' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/tasks/t1/events')?.body).toEqual({ seen: true }));
  });

  it('keeps an order opened under "Nur neue" on screen with its chat after opening marked it seen', async () => {
    let seen = false;
    const task = aTask({ seen: [] });
    const calls = taskServer([], {
      // The "Nur neue" list: the order drops out once it is seen.
      'GET /api/tasks': () => ({ data: seen ? [] : [task], count: seen ? 0 : 1 }),
      'PUT /api/tasks/:id/seen': () => {
        seen = true;
        return { message: TASK_MESSAGES.seen };
      },
      'GET /api/tasks/:id/events': { data: [anEvent()], count: 1 },
      'PUT /api/tasks/:id/events': { message: 'ok' },
    });
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: 'Details anzeigen: Erna Schulz' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/tasks/t1/seen')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/tasks?')).length).toBeGreaterThan(1));
    expect(await screen.findByRole('region', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByText('Bitte bis Freitag liefern.')).toBeInTheDocument();
    // Closed, it is gone like the list says.
    await userEvent.click(within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Details ausblenden: Erna Schulz' }));
    await waitFor(() => expect(screen.queryByText('Erna Schulz')).not.toBeInTheDocument());
  });

  it('renders the actions the server answers: a row seen only from the pickup list shows no chat, and greys out what is not for this order', async () => {
    // As the server answers a user with a home's and a driver's role: its own home's order, and another home's order on the road.
    const own = aTask({ actions: { pickup: true, print: true, edit: true, finish: true, chat: true } });
    const onTheRoad = aTask({ _id: 't3', status: 'pickup', patientDetails: OTTO, homeDetails: { _id: 'h9', name: 'Haus Fremd' }, actions: { pickup: 'status', print: 'scope', edit: 'scope', finish: true, chat: 'scope' } });
    const calls = taskServer([], {
      'GET /api/tasks': { data: [own, onTheRoad], count: 2 },
      'PUT /api/tasks/:id/seen': { message: TASK_MESSAGES.seen },
      'GET /api/tasks/:id/events': { data: [anEvent()], count: 1 },
      'PUT /api/tasks/:id/events': { message: 'ok' },
    });
    show(['ROLE_HOME', 'ROLE_DRIVER']);
    const row = await rowOf('Otto Kern');
    expect(within(row).getByRole('button', { name: 'Drucken' })).toHaveAttribute('aria-description', 'Für diesen Auftrag nicht erlaubt');
    expect(within(row).getByRole('button', { name: 'Abholauftrag erzeugen' })).toHaveAttribute('aria-description', 'Nur neue Aufträge können an die Fahrer übergeben werden');
    expect(within(row).getByRole('button', { name: 'Vorgang abschließen' })).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(row).getByRole('button', { name: 'Details anzeigen: Otto Kern' }));
    await userEvent.click(within(await rowOf('Erna Schulz')).getByRole('button', { name: 'Details anzeigen: Erna Schulz' }));
    // The own order's chat has loaded; the other one never asks for its feed.
    expect(await screen.findByText('Bitte bis Freitag liefern.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/tasks/') && c.url.includes('/events')).map((c) => c.url)).toEqual(['/api/tasks/t1/events']);
  });

  it("opens details and chat full-screen from 'Details' on a phone", async () => {
    const restore = mockWindowWidth(390);
    try {
      taskServer([aTask()], { 'GET /api/tasks/:id/events': { data: [], count: 0 }, 'PUT /api/tasks/:id/events': { message: 'ok' } });
      show(['ROLE_PHARMA']);
      const cards = await screen.findByRole('list', { name: 'Anforderungen' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await userEvent.click(within(cards).getByRole('button', { name: 'Details' }));
      const dialog = await screen.findByRole('dialog', { name: 'Erna Schulz (01.02.1940) – Ibuprofen · Haus Sonnenschein' });
      expect(within(dialog).getByRole('region', { name: 'Details' })).toBeInTheDocument();
      expect(await within(dialog).findByText('Keine Nachrichten vorhanden.')).toBeInTheDocument();
      // On a phone the message form stands above the feed.
      const form = within(dialog).getByRole('form', { name: 'Nachrichten' });
      expect(form.compareDocumentPosition(within(dialog).getByText('Keine Nachrichten vorhanden.')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      restore();
    }
  });
});

describe('Anforderungen: a capped count', () => {
  it("says 'mehr als 10.000' when the server counted only up to its cap", async () => {
    taskServer([], { 'GET /api/tasks': { data: [aTask()], count: 10_000, countCapped: true } });
    show(['ROLE_ADMIN']);
    expect(await screen.findByText('1 - 50 von mehr als 10.000 Datensätzen')).toBeInTheDocument();
  });
});

describe('Anforderungen: finishing with "Rückgängig"', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT');

  function finishServer() {
    let task = aTask({ status: 'delivery' });
    const calls = taskServer(() => [task], {
      'PUT /api/tasks/:id': ({ body }) => {
        task = { ...task, status: body.status! };
        return task;
      },
    });
    return calls;
  }

  it('shows the toast with "Rückgängig" at once and sends the change only after 5 seconds', async () => {
    const calls = finishServer();
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await user().click(within(row).getByRole('button', { name: 'Vorgang abschließen' }));
    expect(toasts).toEqual([[TASK_MESSAGES.finished, 'success']]);
    expect(toastOptions[0]).toMatchObject({ autoHideMs: 5000, action: { label: 'Rückgängig' } });
    // The row shows it finished, the actions that change the status wait.
    expect(within(row).getByText('Erledigt')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Vorgang abschließen' })).toHaveAttribute('aria-disabled', 'true');
    act(() => jest.advanceTimersByTime(4900));
    expect(puts(calls)).toHaveLength(0);
    act(() => jest.advanceTimersByTime(200));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!).toMatchObject({ url: '/api/tasks/t1', body: { status: 'finished' } });
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Vorgang abschließen' })).toHaveAttribute('aria-description', 'Der Auftrag ist bereits erledigt'));
  });

  it('"Rückgängig" inside the window sends nothing and leaves the order open', async () => {
    const calls = finishServer();
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await user().click(within(row).getByRole('button', { name: 'Vorgang abschließen' }));
    act(() => jest.advanceTimersByTime(2000));
    act(() => toastOptions[0]!.action!.onClick());
    expect(within(row).getByText('Auslieferung')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Vorgang abschließen' })).not.toHaveAttribute('aria-disabled');
    act(() => jest.advanceTimersByTime(10_000));
    expect(puts(calls)).toHaveLength(0);
  });

  it('leaving the list inside the window sends the change at once (and closes the toast)', async () => {
    const calls = finishServer();
    const view = show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await user().click(within(row).getByRole('button', { name: 'Vorgang abschließen' }));
    view.unmount();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]!.body).toEqual({ status: 'finished' });
    expect(dismissed).toHaveLength(1);
    act(() => jest.advanceTimersByTime(10_000));
    expect(puts(calls)).toHaveLength(1);
  });

  it('closing the page inside the window sends it as a keep-alive request', async () => {
    const calls = finishServer();
    const sent: RequestInit[] = [];
    const fetch = globalThis.fetch;
    globalThis.fetch = ((url: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') sent.push(init);
      return fetch(url, init);
    }) as typeof globalThis.fetch;
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await user().click(within(row).getByRole('button', { name: 'Vorgang abschließen' }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(puts(calls)).toHaveLength(1);
    expect(sent[0]).toMatchObject({ keepalive: true });
  });
});

describe('Anforderungen: compact filter bar and chips', () => {
  it('keeps search, status, "Nur neue" and "Ungelesene Nachrichten" at hand and the rest behind "Weitere Filter"', async () => {
    taskServer([aTask()]);
    show(['ROLE_PHARMA']);
    await rowOf('Erna Schulz');
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toBeVisible();
    // (MUI draws a switch over its transparent input.)
    expect(screen.getByRole('switch', { name: 'Nur neue' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ungelesene Nachrichten' })).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Weitere Filter' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Arzt' })).not.toBeInTheDocument();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Arzt', 'Einrichtung', 'Datum']) expect(await screen.findByRole('combobox', { name })).toBeVisible();
  });

  it('shows what is set as chips; removing a chip clears its filter', async () => {
    const calls = taskServer([aTask()]);
    show(['ROLE_PHARMA'], '/anforderungen?status=new,pickup&notSeen=1&doctor=d1&from=2026-11-01&text=Ibu');
    await rowOf('Erna Schulz');
    const chips = await screen.findByRole('list', { name: 'Aktive Filter' });
    await waitFor(() => expect(within(chips).getByText('Arzt: Dr. Jan Berg')).toBeInTheDocument());
    expect(within(chips).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Suche: Ibu', 'Status: Neu, In Abholung', 'Nur neue', 'Arzt: Dr. Jan Berg', 'Von: 01.11.2026']);
    // The further filters set: their number on "Weitere Filter".
    expect(screen.getByRole('button', { name: 'Weitere Filter' }).parentElement).toHaveTextContent('2');
    await userEvent.click(within(chips).getByRole('button', { name: 'Status: Neu, In Abholung entfernen' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('status='));
    await userEvent.click(within(chips).getByRole('button', { name: 'Suche: Ibu entfernen' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('text='));
    await waitFor(() => expect(lastListQuery(calls).get('filter[status]')).toBeNull());
    expect(lastListQuery(calls).get('filter[text]')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Suche' })).toHaveValue('');
  });

  it('offers "Alle" in the status filter, which clears the chosen statuses', async () => {
    taskServer([aTask()]);
    show(['ROLE_PHARMA'], '/anforderungen?status=finished');
    await rowOf('Erna Schulz');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Erledigt');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/anforderungen$/));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Alle');
  });
});

describe('Anforderungen: rows per page and the compact view', () => {
  it('honours a limit from the URL (1 to 100) beside the page sizes 20 and 50', async () => {
    const calls = taskServer([], { 'GET /api/tasks': ({ url }) => ({ data: Array.from({ length: Number(url.searchParams.get('limit')) }, (_, i) => aTask({ _id: `t${i}` })), count: 80 }) });
    show(['ROLE_PHARMA'], '/anforderungen?limit=5');
    expect(await screen.findByText('1 - 5 von 80 Datensätzen')).toBeInTheDocument();
    expect(lastListQuery(calls).get('limit')).toBe('5');
    expect(within(screen.getByRole('table', { name: 'Anforderungen' })).getAllByRole('row')).toHaveLength(6);
    await userEvent.click(screen.getByRole('combobox', { name: /Zeilen/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '20', '50']);
  });

  it('falls back to 50 for a limit outside 1 to 100', async () => {
    const calls = taskServer([aTask()]);
    show(['ROLE_PHARMA'], '/anforderungen?limit=500');
    await rowOf('Erna Schulz');
    expect(lastListQuery(calls).get('limit')).toBe('50');
  });

  it('is compact on a desktop by default; "Kompakte Ansicht" switches and is remembered', async () => {
    const restore = mockWindowWidth(1280);
    try {
      taskServer([aTask()]);
      const view = show(['ROLE_PHARMA']);
      const table = await screen.findByRole('table', { name: 'Anforderungen' });
      const cell = () => within(screen.getByRole('table', { name: 'Anforderungen' })).getByText('Erna Schulz').closest('td')!;
      const toggle = screen.getByRole('switch', { name: 'Kompakte Ansicht' });
      expect(toggle).toBeChecked();
      expect(table).toBeInTheDocument();
      expect(cell()).toHaveStyle({ paddingTop: '2px', whiteSpace: 'nowrap' });
      await userEvent.click(toggle);
      expect(toggle).not.toBeChecked();
      expect(cell()).toHaveStyle({ paddingTop: '6px' });
      expect(localStorage.getItem('mediport.compactView.anforderungen')).toBe('0');
      view.unmount();
      taskServer([aTask()]);
      renderApp(<TaskListPage />, { route: '/anforderungen' });
      expect(await screen.findByRole('switch', { name: 'Kompakte Ansicht' })).not.toBeChecked();
    } finally {
      restore();
    }
  });

  it('shows patient, medicine, status and latest delivery of an order in two lines on a phone, with the actions and "Details" below', async () => {
    const restore = mockWindowWidth(390);
    try {
      taskServer([aTask({ urgent: true })]);
      show(['ROLE_PHARMA']);
      const cards = await screen.findByRole('list', { name: 'Anforderungen' });
      const [card] = within(cards).getAllByRole('listitem');
      const born = aTask().patientDetails!.dateOfBirth;
      expect(born).not.toBe('');
      // Name and birth date tell two residents of the same name apart.
      expect(within(card!).getByText(`Erna Schulz (${born}) · Ibuprofen`)).toBeInTheDocument();
      const second = within(card!).getByText('bis 25.11.2026').closest('div')!.parentElement!;
      expect(second).toHaveTextContent('Neudringendbis 25.11.2026');
      expect(screen.queryByRole('switch', { name: 'Kompakte Ansicht' })).not.toBeInTheDocument();
      expect(within(card!).getByRole('button', { name: 'Vorgang abschließen' })).toBeInTheDocument();
      expect(within(card!).getByRole('button', { name: 'Details' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('Anforderungen: the order just saved (?created=)', () => {
  it('pins it highlighted on top, asked for by id when it is not on the page, with the chip "Neu angelegt" that removes it', async () => {
    const created = aTask({ _id: 't9', medicine: 'Novaminsulfon', patientDetails: { _id: 'p9', firstname: 'Karl', lastname: 'Neu', dateOfBirth: '' } });
    const calls = taskServer([aTask(), aTask({ _id: 't2', patientDetails: OTTO })], { 'GET /api/tasks/:id': ({ params }) => (params.id === 't9' ? created : fail(404, 'Nicht gefunden.')) });
    show(['ROLE_PHARMA'], '/anforderungen?created=t9');
    const pinned = await screen.findByRole('rowgroup', { name: 'Neu angelegt' });
    expect(within(pinned).getAllByRole('row')).toHaveLength(1);
    expect(within(pinned).getByText('Karl Neu')).toBeInTheDocument();
    expect(within(pinned).getByRole('row')).toHaveClass('DataTable-pinned');
    expect(calls.some((c) => c.url === '/api/tasks/t9')).toBe(true);
    // It comes first, before the page's rows.
    const rows = within(screen.getByRole('table', { name: 'Anforderungen' })).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Karl Neu');
    await userEvent.click(screen.getByRole('button', { name: 'Neu angelegt entfernen' }));
    await waitFor(() => expect(screen.queryByRole('rowgroup', { name: 'Neu angelegt' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/anforderungen$/);
    expect(screen.queryByText('Karl Neu')).not.toBeInTheDocument();
  });

  it('moves it from its place on the page to the top, once', async () => {
    taskServer([aTask(), aTask({ _id: 't2', patientDetails: OTTO })], { 'GET /api/tasks/:id': () => aTask({ _id: 't2', patientDetails: OTTO }) });
    show(['ROLE_PHARMA'], '/anforderungen?created=t2&limit=20');
    const pinned = await screen.findByRole('rowgroup', { name: 'Neu angelegt' });
    expect(within(pinned).getByText('Otto Kern')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Anforderungen' })).getAllByText('Otto Kern')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('created=t2&limit=20');
  });
});
