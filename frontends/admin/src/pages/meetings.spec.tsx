import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_MESSAGES, type MeetingDto } from '@mediport/contracts';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { fail, fakeApi, renderApp, type FakeError } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import App from '../App';

const HOUR = 3600_000;
const meeting = (over: Partial<MeetingDto>): MeetingDto => ({
  _id: over.optionId ?? 'x',
  contractId: '1001',
  optionId: 'x',
  company: 'Haus Sonnenschein',
  title: 'Webinar',
  type: 'webinar',
  date: null,
  time: null,
  system: null,
  url: '',
  info: '',
  description: '',
  bookedAt: '2025-01-01T10:00:00.000Z',
  startsAt: null,
  modifiedAt: '2025-01-01T10:00:00.000Z',
  ...over,
});

const PLANNING = meeting({ _id: 'm1', optionId: 'plan', title: 'Einführung' });
const UPCOMING = meeting({ _id: 'm2', optionId: 'soon', title: 'Rezepte', date: '01.01.2099', time: '14:00', system: 'Zoom', url: 'https://zoom.us/j/1', startsAt: new Date(Date.now() + 2 * 24 * HOUR + 5000).toISOString() });
const RUNNING = meeting({ _id: 'm3', optionId: 'now', title: 'Live', date: '01.01.2025', time: '10:00', system: 'Discord', url: 'https://discord.gg/x', startsAt: new Date(Date.now() - HOUR).toISOString() });
const ENDED = meeting({ _id: 'm4', optionId: 'past', title: 'Abrechnung', date: '01.01.2020', time: '10:00', system: 'Skype', url: 'https://skype.com/x', startsAt: new Date(Date.now() - 3 * HOUR - 1000).toISOString() });

/** A browser window `width` px wide, as far as CSS media queries go (jsdom has no layout). */
function viewport(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

/** The meeting routes over copies of `stored`; a PUT saves into them, or answers `refuse`. */
function serve(stored: MeetingDto[], refuse?: FakeError) {
  const meetings = stored.map((m) => ({ ...m }));
  const byOption = (params: Record<string, string>) => meetings.find((m) => m.contractId === params.contractId && m.optionId === params.option);
  const notFound = () => fail(404, API_MESSAGES.notFound);
  return fakeApi({
    'GET /api/meetings': { data: meetings, count: meetings.length },
    'GET /api/meetings/:id': ({ params }) => meetings.find((m) => m._id === params.id) ?? notFound(),
    'GET /api/meetings/:contractId/:option': ({ params }) => byOption(params) ?? notFound(),
    'PUT /api/meetings/:contractId/:option': ({ params, body }) => {
      const meeting = byOption(params);
      return refuse ?? (meeting ? Object.assign(meeting, body) : notFound());
    },
  });
}

let toasts: Array<[string, string]>;
beforeEach(() => {
  viewport(1280);
  localStorage.clear();
  toasts = [];
  configureErrorHandler({ notify: (m, v) => toasts.push([m, v]), navigate: () => undefined });
  setAuth(demoAuth(['ROLE_ADMIN']));
});

describe('meeting list /v3/termine', () => {
  it('shows planning, a countdown with Teilnehmen, running with Teilnehmen, and ended', async () => {
    serve([PLANNING, UPCOMING, RUNNING, ENDED]);
    renderApp(<App />, { route: '/v3/termine' });
    const rows = await screen.findAllByRole('row');
    const row = (title: string) => rows.find((r) => within(r).queryByText(title))!;
    expect(within(row('Einführung')).getAllByText('In Planung')).toHaveLength(2);
    expect(within(row('Rezepte')).getByText(/^Beginnt in 2 Tagen 00:00:0\d$/)).toBeInTheDocument();
    expect(within(row('Rezepte')).getByRole('link', { name: 'Teilnehmen: Rezepte' })).toHaveAttribute('href', 'https://zoom.us/j/1');
    expect(within(row('Live')).getByText(/^Läuft bis \d{2}:\d{2} Uhr$/)).toBeInTheDocument();
    expect(within(row('Live')).getByRole('link', { name: 'Teilnehmen: Live' })).toHaveAttribute('target', '_blank');
    expect(within(row('Abrechnung')).getByText('Beendet')).toBeInTheDocument();
    expect(within(row('Abrechnung')).queryByRole('link', { name: /Teilnehmen/ })).toBeNull();
    expect(within(row('Rezepte')).getByRole('link', { name: 'Bearbeiten: Rezepte' })).toHaveAttribute('href', '/v3/termine/1001/soon/bearbeiten');
  });

  it('hides the edit action without meeting_edit_view and asks with offset and limit', async () => {
    setAuth(demoAuth(['ROLE_HOME']));
    const calls = serve([UPCOMING]);
    renderApp(<App />, { route: '/v3/termine' });
    expect(await screen.findByText('Rezepte')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Bearbeiten/ })).toBeNull();
    expect(calls[0]!.url).toBe('/api/meetings?offset=0&limit=10');
  });

  it('shows one card per meeting with its actions on a phone', async () => {
    viewport(390);
    serve([PLANNING, UPCOMING]);
    renderApp(<App />, { route: '/v3/termine' });
    const card = await screen.findByRole('listitem', { name: 'Rezepte' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('01.01.2099 14:00 Uhr')).toBeInTheDocument();
    expect(within(card).getByText(/^Beginnt in 2 Tagen/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Details: Rezepte' })).toHaveAttribute('href', '/v3/termine/m2');
    expect(within(card).getByRole('link', { name: 'Bearbeiten: Rezepte' })).toHaveAttribute('href', '/v3/termine/1001/soon/bearbeiten');
  });
});

describe('meeting details /v3/termine/{id}', () => {
  it('shows the fields and the edit button', async () => {
    serve([UPCOMING]);
    renderApp(<App />, { route: '/v3/termine/m2' });
    expect(await screen.findByRole('heading', { name: 'Rezepte' })).toBeInTheDocument();
    expect(screen.getByText('01.01.2099 14:00 Uhr')).toBeInTheDocument();
    expect(screen.getByText('Zoom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/v3/termine/1001/soon/bearbeiten');
  });
});

describe('meeting edit /v3/termine/{contractId}/{option}/bearbeiten', () => {
  const route = '/v3/termine/1001/plan/bearbeiten';

  it.each([
    { title: 'nothing', fill: {} },
    { title: 'no system', fill: { Datum: '24.12.2030', Uhrzeit: '09:30' } },
    { title: 'an impossible date but no system', fill: { Datum: '31.02.2026', Uhrzeit: '09:30' } },
  ])('refuses $title with "Bitte füllen Sie alle Felder aus."', async ({ fill }) => {
    const calls = serve([PLANNING]);
    renderApp(<App />, { route });
    await screen.findByRole('heading', { name: 'Einführung' });
    for (const [label, value] of Object.entries(fill)) fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Bitte füllen Sie alle Felder aus.', 'error']));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it.each([
    { title: 'a date that does not exist', date: '31.02.2026', time: '09:30', field: /^Datum/, message: 'Den 31.02.2026 gibt es nicht. Bitte geben Sie ein gültiges Datum ein.' },
    { title: 'a day past the month', date: '29.02.2027', time: '09:30', field: /^Datum/, message: 'Den 29.02.2027 gibt es nicht. Bitte geben Sie ein gültiges Datum ein.' },
    { title: 'a date in another format', date: '2026-02-01', time: '09:30', field: /^Datum/, message: 'Bitte geben Sie das Datum im Format TT.MM.JJJJ ein.' },
    { title: 'a time that does not exist', date: '24.12.2030', time: '25:00', field: /^Uhrzeit/, message: 'Die Uhrzeit 25:00 gibt es nicht. Bitte geben Sie eine Uhrzeit zwischen 00:00 und 23:59 ein.' },
    { title: 'a time in another format', date: '24.12.2030', time: '9.30', field: /^Uhrzeit/, message: 'Bitte geben Sie die Uhrzeit im Format HH:MM ein.' },
  ])('refuses $title with its own German message', async ({ date, time, field, message }) => {
    const calls = serve([UPCOMING]);
    renderApp(<App />, { route: '/v3/termine/1001/soon/bearbeiten' });
    await screen.findByRole('heading', { name: 'Rezepte' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Datum/ }), { target: { value: date } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Uhrzeit/ }), { target: { value: time } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual([message, 'error']));
    expect(screen.getByRole('textbox', { name: field })).toHaveAccessibleDescription(message);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('takes a leap day and single-digit days, and sends them as DD.MM.YYYY', async () => {
    const calls = serve([UPCOMING]);
    renderApp(<App />, { route: '/v3/termine/1001/soon/bearbeiten' });
    await screen.findByRole('heading', { name: 'Rezepte' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Datum/ }), { target: { value: '29.2.2028' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Uhrzeit/ }), { target: { value: '7:05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ date: '29.02.2028', time: '07:05' }));
  });

  it('saves date, time, system, url and info and confirms with the spec toast', async () => {
    const calls = serve([PLANNING]);
    renderApp(<App />, { route });
    await screen.findByRole('heading', { name: 'Einführung' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Datum/ }), { target: { value: '24.12.2030' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Uhrzeit/ }), { target: { value: '09:30' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^System/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Skype', 'Microsoft Teams', 'Discord', 'Zoom']);
    fireEvent.click(screen.getByRole('option', { name: 'Microsoft Teams' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^URL/ }), { target: { value: 'https://teams.microsoft.com/x' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Info/ }), { target: { value: 'Hallo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Daten wurden im Termin aktualisiert.', 'success']));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ date: '24.12.2030', time: '09:30', system: 'Microsoft Teams', url: 'https://teams.microsoft.com/x', info: 'Hallo' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/v3/termine/m1'));
  });

  it('shows the server message when the server refuses', async () => {
    serve([UPCOMING], fail(400, 'Bitte füllen Sie alle Felder aus.', 'date'));
    renderApp(<App />, { route: '/v3/termine/1001/soon/bearbeiten' });
    await screen.findByRole('heading', { name: 'Rezepte' });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(toasts).toContainEqual(['Bitte füllen Sie alle Felder aus.', 'error']));
  });

  it('sends users without meeting_edit_view back to the list', async () => {
    setAuth(demoAuth(['ROLE_HOME']));
    serve([]);
    renderApp(<App />, { route });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/v3\/termine$/));
  });
});
