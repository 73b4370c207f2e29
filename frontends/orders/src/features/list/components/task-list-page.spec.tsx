import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureErrorHandler, receiveLiveEvent, setAuth, type ToastVariant } from '@mediport/api-client';
import { SOCKET_EVENTS, TASK_MESSAGES, type Role, type TaskDto } from '@mediport/contracts';
import { fakeApi, type FakeApiRoutes, mockWindowWidth, type RecordedCall, renderApp } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { formatDateTime } from '@mediport/ui';
import { aDoctor, aHome, anEvent, aTask } from '../testing/task-fixtures';
import { TaskListPage } from './task-list-page';

const toasts: [string, ToastVariant][] = [];

beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
  configureErrorHandler({ notify: (message, variant) => toasts.push([message, variant]) });
});

/** The list's server: the tasks (a function to change them between calls), the filter options, and `extra` routes. */
function taskServer(tasks: TaskDto[] | (() => TaskDto[]), extra: FakeApiRoutes = {}) {
  const rows = typeof tasks === 'function' ? tasks : () => tasks;
  return fakeApi({
    'GET /api/tasks': () => ({ data: rows(), count: rows().length }),
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
    expect(screen.getByRole('combobox', { name: 'Einrichtung' })).toBeInTheDocument();
  });

  it('leaves out what the home role may not see: the home column and filter, pickup, reopen, mail and fax', async () => {
    taskServer([aTask(), aTask({ _id: 't2', status: 'finished', patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' } })]);
    show(['ROLE_HOME']);
    const table = await screen.findByRole('table', { name: 'Anforderungen' });
    const headers = within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);
    expect(headers).toEqual(['Details', 'Auswahl', 'Nachrichten', 'Patient', 'Medikament', 'Arzt', 'Status', 'Aktionen']);
    expect(screen.queryByRole('combobox', { name: 'Einrichtung' })).not.toBeInTheDocument();
    const open = await rowOf('Erna Schulz');
    const names = within(open).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(expect.arrayContaining(['Drucken', 'Vorgang abschließen', 'Stornieren']));
    expect(within(open).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/v3/anforderungen/bearbeiten/t1');
    expect(within(open).getByRole('link', { name: 'Nachbestellen' })).toHaveAttribute('href', '/v3/anforderung/neu/t1');
    for (const missing of ['Abholauftrag erzeugen', 'Wieder öffnen', 'Per E-Mail senden', 'Per Fax senden'])
      expect(within(open).queryByRole('button', { name: missing }) ?? within(open).queryByRole('link', { name: missing })).toBeNull();
    // Finished: no edit, finish or cancel; the home role may not reopen.
    const done = await rowOf('Otto Kern');
    expect(within(done).queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
    expect(within(done).queryByRole('button', { name: 'Vorgang abschließen' })).toBeNull();
    expect(within(done).queryByRole('button', { name: 'Stornieren' })).toBeNull();
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
    await userEvent.hover(within(row).getByRole('link', { name: 'Per E-Mail senden' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Per E-Mail senden'));
    await userEvent.hover(within(row).getByRole('img', { name: 'Fehler beim Senden an den Arzt (E-Mail oder Fax)' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Fehler beim Senden an den Arzt (E-Mail oder Fax)'));
    await userEvent.unhover(within(row).getByRole('img', { name: 'Fehler beim Senden an den Arzt (E-Mail oder Fax)' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('offers mail and fax only for a doctor with an e-mail address or a fax number', async () => {
    taskServer([
      aTask(),
      aTask({ _id: 't2', doctorDetails: { _id: 'd2', title: '', firstname: 'Eva', lastname: 'Roth', email: '', fax: '' }, patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' } }),
    ]);
    show(['ROLE_PHARMA']);
    const withContact = await rowOf('Erna Schulz');
    expect(within(withContact).getByRole('link', { name: 'Per E-Mail senden' })).toHaveAttribute('href', '/anforderungen/erzeugen?tasks=t1');
    expect(within(withContact).getByRole('link', { name: 'Per Fax senden' })).toHaveAttribute('href', '/anforderungen/erzeugen?tasks=t1');
    const without = await rowOf('Otto Kern');
    expect(within(without).queryByRole('link', { name: 'Per E-Mail senden' })).toBeNull();
    expect(within(without).queryByRole('link', { name: 'Per Fax senden' })).toBeNull();
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
  const statusCase = async (task: TaskDto, button: string, status: string, message: string) => {
    const calls = taskServer([task], { 'PUT /api/tasks/:id': ({ body }) => ({ ...task, status: body.status! }) });
    show(['ROLE_ADMIN']);
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: button }));
    await waitFor(() => expect(toasts).toContainEqual([message, 'success']));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/tasks/t1');
    expect(put.body).toEqual({ status });
  };

  it("'Abholauftrag erzeugen' hands a new order to the drivers", () => statusCase(aTask(), 'Abholauftrag erzeugen', 'pickup', TASK_MESSAGES.pickup));
  it("'Vorgang abschließen' finishes it", () => statusCase(aTask({ status: 'delivery' }), 'Vorgang abschließen', 'finished', TASK_MESSAGES.finished));
  it('reopens a finished order', () => statusCase(aTask({ status: 'finished' }), 'Wieder öffnen', 'new', TASK_MESSAGES.reopened));

  it('offers pickup only for new orders of types 1, 3 and 4', async () => {
    taskServer([aTask({ type: 2 }), aTask({ _id: 't2', status: 'pickup', patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' } })]);
    show(['ROLE_ADMIN']);
    expect(within(await rowOf('Erna Schulz')).queryByRole('button', { name: 'Abholauftrag erzeugen' })).toBeNull();
    expect(within(await rowOf('Otto Kern')).queryByRole('button', { name: 'Abholauftrag erzeugen' })).toBeNull();
  });

  it('cancels only after the question was confirmed', async () => {
    const task = aTask();
    const calls = taskServer([task], { 'PUT /api/tasks/:id': ({ body }) => ({ ...task, status: body.status! }) });
    show(['ROLE_PHARMA']);
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: 'Stornieren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Vorgang stornieren' });
    expect(within(dialog).getByText('Möchten Sie diesen Vorgang Stornieren?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: 'Stornieren' }));
    dialog = await screen.findByRole('dialog', { name: 'Vorgang stornieren' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stornieren' }));
    await waitFor(() => expect(toasts).toContainEqual([TASK_MESSAGES.canceled, 'success']));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'canceled' });
  });

  it("shows 'Vertrag benötigt!' on re-order while the contract is missing", async () => {
    taskServer([aTask()]);
    show(['ROLE_HOME'], '/anforderungen', { hasContract: false });
    const row = await rowOf('Erna Schulz');
    await userEvent.click(within(row).getByRole('button', { name: 'Nachbestellen' }));
    expect(await screen.findByRole('dialog', { name: 'Vertrag benötigt!' })).toBeInTheDocument();
  });

  it('prints the order sheet in a new window, fetched with the session token', async () => {
    const calls = taskServer([aTask()], {
      'GET /api/tasks/:id/print': new Blob(['<html>Auftrag</html>'], { type: 'text/html' }),
    });
    const target = { location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    URL.createObjectURL = () => 'blob:auftrag';
    URL.revokeObjectURL = () => undefined;
    try {
      show(['ROLE_PHARMA']);
      const row = await rowOf('Erna Schulz');
      await userEvent.click(within(row).getByRole('button', { name: 'Drucken' }));
      await waitFor(() => expect(target.location.href).toBe('blob:auftrag'));
      const print = calls.find((c) => c.url === '/api/tasks/t1/print')!;
      expect(print.headers['x-auth-token']).toBe('token-ROLE_PHARMA');
      expect(open).toHaveBeenCalledWith('', '_blank');
    } finally {
      open.mockRestore();
    }
  });
});

describe('Anforderungen: read marks and live updates', () => {
  it('marks the selected orders read, then all', async () => {
    const calls = taskServer([aTask({ seen: [] }), aTask({ _id: 't2', seen: [], patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' } })], {
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

    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
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

  it("opens details and chat full-screen from 'Details' on a phone", async () => {
    const restore = mockWindowWidth(390);
    try {
      taskServer([aTask()], { 'GET /api/tasks/:id/events': { data: [], count: 0 }, 'PUT /api/tasks/:id/events': { message: 'ok' } });
      show(['ROLE_PHARMA']);
      const cards = await screen.findByRole('list', { name: 'Anforderungen' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await userEvent.click(within(cards).getByRole('button', { name: 'Details' }));
      const dialog = await screen.findByRole('dialog', { name: 'Erna Schulz – Ibuprofen' });
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
