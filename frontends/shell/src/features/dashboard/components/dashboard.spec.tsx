import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { receiveLiveEvent, setAuth } from '@mediport/api-client';
import { type MeetingDto, SOCKET_EVENTS, type StatisticsResponse } from '@mediport/contracts';
import { fakeApi, renderApp } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { DashboardPage } from '../../../pages/dashboard-page';
import { Webinars } from './webinars';

const LOG = [{ version: '2.9.1', date: '02.06.2025', changes: ['Dashboard mit Kacheln.'] }];
const FAQ = [{ question: 'Was bedeuten die Zahlen auf den Kacheln?', answer: 'Neue Einträge seit Ihrem letzten Besuch.' }];

function statistics(counts: StatisticsResponse['counts'], webinars: MeetingDto[] = []): StatisticsResponse {
  return { log: LOG, faq: FAQ, counts, webinars };
}

const tile = (label: string) => screen.getByRole('region', { name: label });

describe('Dashboard tiles', () => {
  beforeEach(() => localStorage.clear());

  it('shows a tile with its count for every category of the administrator', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    fakeApi({ 'GET /api/statistics': statistics({ task: 0, event: 0, pickup: 0, home: 1, doctor: 2, user: 5, patient: 0 }) });
    renderApp(<DashboardPage />);
    expect(await screen.findByRole('region', { name: 'Neue Nutzer' })).toBeInTheDocument();
    for (const label of ['Neue Aufträge', 'Neue Nachrichten', 'Neue Abholaufträge', 'Neue Pflegeeinrichtungen', 'Neue Ärzte', 'Neue Nutzer', 'Neue Patienten']) {
      expect(tile(label)).toBeInTheDocument();
    }
    expect(within(tile('Neue Nutzer')).getByText('5')).toBeInTheDocument();
    expect(within(tile('Neue Ärzte')).getByText('2')).toBeInTheDocument();
    // The master-data tiles open their list with "Nur neue" on.
    expect(within(tile('Neue Ärzte')).getByRole('link', { name: 'Anzeigen' })).toHaveAttribute('href', '/aerzte?notSeen=1');
    // The orders list opens with "Nur neue" or "Ungelesene Nachrichten" on.
    expect(within(tile('Neue Aufträge')).getByRole('link', { name: 'Anzeigen' })).toHaveAttribute('href', '/anforderungen?notSeen=1');
    expect(within(tile('Neue Nachrichten')).getByRole('link', { name: 'Anzeigen' })).toHaveAttribute('href', '/anforderungen?notSeenEvents=1');
    expect(within(tile('Neue Aufträge')).getByRole('button', { name: 'Neue Aufträge: als gelesen markieren' })).toBeDisabled();
  });

  it('marks users as read, shows the toast and the refreshed count', async () => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    let users = 5;
    const calls = fakeApi({
      'GET /api/statistics': () => statistics({ task: 0, event: 0, pickup: 0, home: 0, doctor: 0, user: users, patient: 0 }),
      'PUT /api/statistics/user_read_all': () => {
        users = 0;
        return { kind: 'user', at: '2026-01-01T00:00:00.000Z' };
      },
    });
    renderApp(<DashboardPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Nutzer: als gelesen markieren' }));
    expect(await screen.findByText('Alle Nutzer wurden als gelesen markiert')).toBeInTheDocument();
    await waitFor(() => expect(within(tile('Neue Nutzer')).getByText('0')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/api/statistics/user_read_all'))).toBe(true);
  });

  it.each([
    [SOCKET_EVENTS.newTask, { taskId: 't1' }],
    [SOCKET_EVENTS.newEvent, { taskId: 't1', eventId: 'e1' }],
    [SOCKET_EVENTS.taskChanged, { taskId: 't1', status: 'pickup' }],
  ] as const)('refreshes the counts when the live channel announces %s', async (event, payload) => {
    setAuth(demoAuth(['ROLE_HOME']));
    let tasks = 3;
    fakeApi({ 'GET /api/statistics': () => statistics({ task: tasks, event: 1, patient: 0 }) });
    renderApp(<DashboardPage />);
    await waitFor(() => expect(within(tile('Neue Aufträge')).getByText('3')).toBeInTheDocument());
    tasks = 4;
    act(() => receiveLiveEvent(event, payload as never));
    await waitFor(() => expect(within(tile('Neue Aufträge')).getByText('4')).toBeInTheDocument());
  });

  it('shows the home user only its own tiles, plus FAQ and changelog', async () => {
    setAuth(demoAuth(['ROLE_HOME']));
    fakeApi({ 'GET /api/statistics': statistics({ task: 3, event: 1, patient: 0 }) });
    renderApp(<DashboardPage />);
    expect(await screen.findByRole('region', { name: 'Neue Aufträge' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Neue Nutzer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Neue Ärzte' })).not.toBeInTheDocument();
    expect(within(tile('Neue Aufträge')).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Was bedeuten die Zahlen auf den Kacheln?')).toBeInTheDocument();
    expect(screen.getByText('Version 2.9.1 vom 02.06.2025')).toBeInTheDocument();
    expect(screen.getByText('Zurzeit sind keine Webinare geplant.')).toBeInTheDocument();
  });

  it('sends accounting to /profil', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    renderApp(<DashboardPage />, { route: '/', path: '/' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profil'));
  });
});

describe('Webinars', () => {
  const base: MeetingDto = {
    _id: 'm1',
    contractId: 'c',
    optionId: 'o',
    company: 'Apotheke am Markt',
    title: 'Einführung in das Portal',
    type: 'webinar',
    date: '10.06.2026',
    time: '10:00',
    system: 'Zoom',
    url: 'https://zoom.example/1',
    info: '',
    description: '',
    bookedAt: '2026-01-01T00:00:00.000Z',
    startsAt: '2026-06-10T08:00:00.000Z',
    modifiedAt: '2026-01-01T00:00:00.000Z',
  };

  it('offers Teilnehmen only while a webinar runs', () => {
    renderApp(<Webinars webinars={[base]} now={Date.parse('2026-06-10T09:00:00.000Z')} />);
    expect(screen.getByRole('link', { name: 'Teilnehmen' })).toHaveAttribute('href', 'https://zoom.example/1');
  });

  it('shows date and time of an upcoming webinar without a join link', () => {
    renderApp(<Webinars webinars={[base]} now={Date.parse('2026-06-01T09:00:00.000Z')} />);
    expect(screen.getByText('10.06.2026 um 10:00 Uhr · Zoom')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Teilnehmen' })).not.toBeInTheDocument();
  });
});
