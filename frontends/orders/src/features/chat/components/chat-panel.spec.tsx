import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureErrorHandler, receiveLiveEvent, setAuth, type ToastVariant } from '@mediport/api-client';
import { EVENT_MESSAGES, SOCKET_EVENTS, type TaskEventDto } from '@mediport/contracts';
import { formatDateTime } from '@mediport/ui';
import { fail, fakeApi, type FakeApiRoutes, mockWindowWidth, renderApp } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { anEvent } from '../../list/testing/task-fixtures';
import { ChatPanel } from './chat-panel';

const toasts: [string, ToastVariant][] = [];

beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
  configureErrorHandler({ notify: (message, variant) => toasts.push([message, variant]) });
  setAuth(demoAuth(['ROLE_PHARMA']));
});

/** The feed's server: the events (a function to change them between calls) and `extra` routes. */
function chatServer(events: TaskEventDto[] | (() => TaskEventDto[]), extra: FakeApiRoutes = {}) {
  const list = typeof events === 'function' ? events : () => events;
  return fakeApi({
    'GET /api/tasks/:id/events': () => ({ data: list(), count: list().length }),
    'PUT /api/tasks/:id/events': { message: EVENT_MESSAGES.allSeen },
    ...extra,
  });
}

const pharmacy = { _id: 'u2', username: 'apo.ben', roles: ['ROLE_PHARMA' as const] };
const doctor = { _id: 'u3', username: 'praxis.berg', roles: ['ROLE_DOCTOR' as const] };
const driver = { _id: 'u4', username: 'fahrer.tom', roles: ['ROLE_DRIVER' as const] };

const FEED: TaskEventDto[] = [
  anEvent({ _id: 'e9', type: 'faxresponse', data: 'NO_ANSWER', createdFrom: null, createdAt: '2026-11-20T12:00:00.000Z' }),
  anEvent({ _id: 'e1', type: 'status_change', data: { from: null, to: 'new' } as unknown as TaskEventDto['data'], createdAt: '2026-11-20T08:00:00.000Z' }),
  anEvent({ _id: 'e2', type: 'message', data: { text: 'Bitte bis Freitag liefern.' }, createdAt: '2026-11-20T08:05:00.000Z' }),
  anEvent({ _id: 'e3', type: 'document', data: null, createdFrom: pharmacy, createdAt: '2026-11-20T09:00:00.000Z' }),
  anEvent({ _id: 'e4', type: 'fax', data: null, createdFrom: pharmacy, createdAt: '2026-11-20T09:01:00.000Z' }),
  anEvent({ _id: 'e5', type: 'faxresponse', data: 'SENT', createdFrom: null, createdAt: '2026-11-20T09:02:00.000Z' }),
  anEvent({ _id: 'e6', type: 'email', data: null, createdFrom: pharmacy, createdAt: '2026-11-20T09:03:00.000Z' }),
  anEvent({ _id: 'e7', type: 'email', data: null, state: 'failed', createdFrom: pharmacy, createdAt: '2026-11-20T09:04:00.000Z' }),
  anEvent({ _id: 'e8', type: 'recipe_request', data: { subject: 'Rezeptanforderung', message: 'Bitte Rezept ausstellen.' }, createdFrom: doctor, createdAt: '2026-11-20T10:00:00.000Z' }),
  anEvent({ _id: 'e10', type: 'status_change', data: { from: 'pickup', to: 'delivery' }, createdFrom: driver, seen: [], createdAt: '2026-11-20T13:00:00.000Z' }),
];

describe('ChatPanel', () => {
  it('shows every event type with its text, oldest first, with author icon, name, time and "neu"', async () => {
    chatServer(FEED);
    renderApp(<ChatPanel taskId="t1" />);
    const feed = await screen.findByRole('list', { name: 'Nachrichten' });
    const entries = within(feed).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Eine Anforderung wurde erzeugt'),
      expect.stringContaining('Bitte bis Freitag liefern.'),
      expect.stringContaining('Eine Anforderung wurde erzeugt'),
      expect.stringContaining('Fax wird versendet'),
      expect.stringContaining('Fax wurde versendet'),
      expect.stringContaining('E-Mail wurde versendet'),
      expect.stringContaining('E-Mail konnte nicht versendet werden'),
      expect.stringContaining('RezeptanforderungBitte Rezept ausstellen.'),
      expect.stringContaining('Fehler beim senden des Faxes'),
      expect.stringContaining('Status geändert: In Abholung → Auslieferung'),
    ]);
    expect(entries[1]).toHaveTextContent(`heim.anna · ${formatDateTime('2026-11-20T08:05:00.000Z')}`);
    expect(within(entries[1]!).getByRole('img', { name: 'Pflegeeinrichtung' })).toBeInTheDocument();
    expect(within(entries[2]!).getByRole('img', { name: 'Apotheke' })).toBeInTheDocument();
    expect(within(entries[7]!).getByRole('img', { name: 'Arztpraxis' })).toBeInTheDocument();
    expect(within(entries[9]!).getByRole('img', { name: 'Fahrer' })).toBeInTheDocument();
    expect(within(entries[8]!).getByRole('img', { name: 'System' })).toBeInTheDocument();
    // Only the last event is unseen.
    expect(within(feed).getAllByText('neu')).toHaveLength(1);
    expect(within(entries[9]!).getByText('neu')).toBeInTheDocument();
  });

  it("says 'Keine Nachrichten vorhanden.' for an empty feed and puts the form below it", async () => {
    chatServer([]);
    renderApp(<ChatPanel taskId="t1" />);
    const empty = await screen.findByText('Keine Nachrichten vorhanden.');
    const form = screen.getByRole('form', { name: 'Nachrichten' });
    expect(empty.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    [425, 'above'],
    [426, 'below'],
  ])('at %i px puts the message form %s the feed', async (width, where) => {
    const restore = mockWindowWidth(width);
    try {
      chatServer([]);
      renderApp(<ChatPanel taskId="t1" />);
      const empty = await screen.findByText('Keine Nachrichten vorhanden.');
      const form = screen.getByRole('form', { name: 'Nachrichten' });
      const formFirst = Boolean(form.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING);
      expect(formFirst).toBe(where === 'above');
    } finally {
      restore();
    }
  });

  it("offers 'Erneut senden' under a failed e-mail or fax of a request, to whoever may send requests", async () => {
    const failed = [
      anEvent({ _id: 'm1', type: 'email', data: null, state: 'failed', document: 'd1', createdFrom: pharmacy, createdAt: '2026-11-20T09:04:00.000Z' }),
      anEvent({ _id: 'f1', type: 'faxresponse', data: 'BUSY', document: 'd2', createdFrom: null, createdAt: '2026-11-20T09:05:00.000Z' }),
      anEvent({ _id: 'm2', type: 'email', data: null, document: 'd3', createdFrom: pharmacy, createdAt: '2026-11-20T09:06:00.000Z' }),
    ];
    const calls = chatServer(failed, {
      'POST /api/documents/:id/resend': ({ params }) => ({
        message: 'Die Anforderung wird erneut gesendet.',
        document: { _id: params.id!, doctor: { _id: 'd', title: '', firstname: '', lastname: 'Berg', email: '', fax: '', preferred: 'E-Mail' }, channel: 'email', subject: 'R', tasks: ['t1'], state: 'queued', reason: 'follow-up', priority: 'normal', supplyDays: null, createdAt: '2026-11-20T09:04:00.000Z', createdFrom: null },
      }),
    });
    renderApp(<ChatPanel taskId="t1" />);
    const feed = await screen.findByRole('list', { name: 'Nachrichten' });
    const buttons = await within(feed).findAllByRole('button', { name: 'Erneut senden' });
    // The failed e-mail and the failed fax, not the sent e-mail.
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]!);
    await waitFor(() => expect(toasts).toContainEqual(['Die Anforderung wird erneut gesendet.', 'success']));
    expect(calls.find((c) => c.route === 'POST /api/documents/:id/resend')!.url).toBe('/api/documents/d2/resend');
  });

  it("offers 'Erneut senden' only under a request's latest failure, not under one that was sent again", async () => {
    chatServer([
      anEvent({ _id: 'f1', type: 'faxresponse', data: 'BUSY', document: 'd2', createdFrom: null, createdAt: '2026-11-20T09:05:00.000Z' }),
      anEvent({ _id: 'f2', type: 'fax', data: null, document: 'd2', createdFrom: pharmacy, createdAt: '2026-11-20T09:10:00.000Z' }),
      anEvent({ _id: 'f3', type: 'faxresponse', data: 'SENT', document: 'd2', createdFrom: null, createdAt: '2026-11-20T09:11:00.000Z' }),
      anEvent({ _id: 'm1', type: 'email', data: null, state: 'failed', document: 'd1', createdFrom: pharmacy, createdAt: '2026-11-20T09:12:00.000Z' }),
    ]);
    renderApp(<ChatPanel taskId="t1" />);
    const feed = await screen.findByRole('list', { name: 'Nachrichten' });
    await within(feed).findByText('Fax wurde versendet');
    const buttons = within(feed).getAllByRole('button', { name: 'Erneut senden' });
    expect(buttons).toHaveLength(1);
    expect(within(feed).getAllByRole('listitem').at(-1)).toContainElement(buttons[0]!);
  });

  it("shows no 'Erneut senden' without the right to send requests (a home)", async () => {
    setAuth(demoAuth(['ROLE_HOME']));
    chatServer([anEvent({ _id: 'm1', type: 'email', data: null, state: 'failed', document: 'd1', createdFrom: pharmacy })]);
    renderApp(<ChatPanel taskId="t1" />);
    const feed = await screen.findByRole('list', { name: 'Nachrichten' });
    expect(within(feed).getByText('E-Mail konnte nicht versendet werden')).toBeInTheDocument();
    expect(within(feed).queryByRole('button', { name: 'Erneut senden' })).not.toBeInTheDocument();
  });

  it('shows attachments with their type icon and downloads them through the API', async () => {
    const files = [
      { name: 'befund.pdf', mimeType: 'application/pdf', size: 1000 },
      { name: 'foto.JPG', mimeType: 'image/jpeg', size: 1000 },
      { name: 'scan.png', mimeType: 'image/png', size: 1000 },
      { name: 'notiz.txt', mimeType: 'text/plain', size: 10 },
    ];
    const calls = chatServer([anEvent({ files })], {
      'GET /api/tasks/:taskId/events/:eventId/attachment/:name': new Blob(['PDF'], { type: 'application/pdf' }),
    });
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:anhang';
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderApp(<ChatPanel taskId="t1" />);
      const attachments = await screen.findByRole('list', { name: 'Anhänge' });
      const icons = within(attachments)
        .getAllByRole('button')
        .map((chip) => chip.querySelector('svg')?.getAttribute('data-testid') ?? chip.querySelector('svg path')?.getAttribute('d')?.slice(0, 12));
      // pdf, jpg and png have their own icons (jpg and png the image icon); other files the generic one.
      expect(new Set(icons).size).toBe(3);
      expect(icons[1]).toBe(icons[2]);
      await userEvent.click(within(attachments).getByRole('button', { name: 'befund.pdf herunterladen' }));
      await waitFor(() => expect(saved).toEqual(['befund.pdf']));
      const download = calls.find((c) => c.url.includes('/attachment/'))!;
      expect(download.url).toBe('/api/tasks/t1/events/e1/attachment/befund.pdf');
      expect(download.headers['x-auth-token']).toBe('token-ROLE_PHARMA');
    } finally {
      click.mockRestore();
    }
  });

  it("shows the driver's delivery proof: recipient and time, the signature loaded with the sign-in token, the position on a map", async () => {
    const proof = anEvent({
      _id: 'e11',
      type: 'delivery_proof',
      data: { recipient: 'Pflegerin Maria', deliveredAt: '2026-11-20T13:05:00.000Z', position: { latitude: 52.52, longitude: 13.405, accuracy: 12.4 } },
      files: [{ name: 'unterschrift.png', mimeType: 'image/png', size: 2048 }],
      createdFrom: driver,
    });
    const withoutPosition = anEvent({
      _id: 'e12',
      type: 'delivery_proof',
      data: { recipient: 'Herr Kern', deliveredAt: '2026-07-01T08:30:00.000Z', position: null },
      files: [{ name: 'unterschrift.png', mimeType: 'image/png', size: 2048 }],
      createdFrom: driver,
      createdAt: '2026-11-21T10:05:00.000Z',
    });
    const calls = chatServer([proof, withoutPosition], {
      'GET /api/tasks/:taskId/events/:eventId/attachment/:name': ({ params }) => new Blob([`PNG ${params.eventId}`], { type: 'image/png' }),
    });
    const revoked: string[] = [];
    let made = 0;
    URL.createObjectURL = () => `blob:signature-${(made += 1)}`;
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    const view = renderApp(<ChatPanel taskId="t1" />);
    const feed = await screen.findByRole('list', { name: 'Nachrichten' });
    const [first, second] = within(feed).getAllByRole('listitem');
    // Berlin time: 13:05 UTC in November is 14:05, 08:30 UTC in July 10:30.
    expect(first).toHaveTextContent('Zugestellt an Pflegerin Maria um 14:05');
    expect(second).toHaveTextContent('Zugestellt an Herr Kern um 10:30');
    expect(within(first!).getByRole('img', { name: 'Fahrer' })).toBeInTheDocument();
    const signature = await within(first!).findByRole('img', { name: 'Unterschrift von Pflegerin Maria' });
    expect(signature.getAttribute('src')).toMatch(/^blob:signature-/);
    expect(await within(second!).findByRole('img', { name: 'Unterschrift von Herr Kern' })).toBeInTheDocument();
    const downloads = calls.filter((c) => c.url.includes('/attachment/'));
    expect(downloads.map((c) => c.url).sort()).toEqual(['/api/tasks/t1/events/e11/attachment/unterschrift.png', '/api/tasks/t1/events/e12/attachment/unterschrift.png']);
    expect(downloads.every((c) => c.headers['x-auth-token'] === 'token-ROLE_PHARMA')).toBe(true);
    // The signature is shown, not offered as a download chip.
    expect(within(feed).queryByRole('list', { name: 'Anhänge' })).not.toBeInTheDocument();
    const position = within(first!).getByRole('link', { name: 'Position' });
    expect(position).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=52.52&mlon=13.405#map=18/52.52/13.405');
    expect(position).toHaveAttribute('target', '_blank');
    expect(position).toHaveAttribute('title', 'Genauigkeit: ± 12 m');
    expect(within(second!).queryByRole('link', { name: 'Position' })).not.toBeInTheDocument();
    const shown = [signature.getAttribute('src'), within(second!).getByRole('img', { name: 'Unterschrift von Herr Kern' }).getAttribute('src')];
    view.unmount();
    expect(revoked.sort()).toEqual(shown.sort());
  });

  it('keeps a signature that cannot be loaded reachable as a download', async () => {
    chatServer(
      [anEvent({ type: 'delivery_proof', data: { recipient: 'Pflegerin Maria', deliveredAt: '2026-11-20T13:05:00.000Z', position: null }, files: [{ name: 'unterschrift.png', mimeType: 'image/png', size: 2048 }], createdFrom: driver })],
      { 'GET /api/tasks/:taskId/events/:eventId/attachment/:name': fail(404, 'Nicht gefunden.') },
    );
    renderApp(<ChatPanel taskId="t1" />);
    const attachments = await screen.findByRole('list', { name: 'Anhänge' });
    expect(within(attachments).getByRole('button', { name: 'unterschrift.png herunterladen' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Unterschrift von Pflegerin Maria' })).not.toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it("shows the driver's incident as a warning with reason and text", async () => {
    chatServer([
      anEvent({ _id: 'e13', type: 'incident', data: { reason: 'unreachable', text: 'Niemand öffnet, Klingel defekt.' }, createdFrom: driver }),
      anEvent({ _id: 'e14', type: 'incident', data: { reason: 'damaged', text: '' }, createdFrom: driver, createdAt: '2026-11-21T10:05:00.000Z' }),
    ]);
    renderApp(<ChatPanel taskId="t1" />);
    const feed = await screen.findByRole('list', { name: 'Nachrichten' });
    const [first, second] = within(feed).getAllByRole('listitem');
    expect(within(first!).getByText('Problem bei der Auslieferung: Heim nicht erreichbar – Niemand öffnet, Klingel defekt.')).toBeInTheDocument();
    expect(within(second!).getByText('Problem bei der Auslieferung: Medikament beschädigt')).toBeInTheDocument();
    for (const entry of [first!, second!]) {
      expect(within(entry).getByRole('img', { name: 'Warnung' })).toBeInTheDocument();
      expect(within(entry).getByRole('img', { name: 'Fahrer' })).toBeInTheDocument();
    }
  });

  it('sends a message with an attachment as multipart form data', async () => {
    let feed = [anEvent()];
    const calls = chatServer(() => feed, {
      'POST /api/tasks/:id/events': () => {
        const sent = anEvent({ _id: 'e2', data: { text: 'Rezept anbei' }, createdFrom: pharmacy, files: [{ name: 'rezept.pdf', mimeType: 'application/pdf', size: 4 }] });
        feed = [...feed, sent];
        return sent;
      },
    });
    renderApp(<ChatPanel taskId="t1" />);
    await screen.findByText('Bitte bis Freitag liefern.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Rezept anbei');
    await userEvent.upload(screen.getByLabelText('Datei anhängen'), new File(['%PDF'], 'rezept.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('rezept.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Rezept anbei')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/tasks/t1/events');
    const form = post.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('type')).toBe('message');
    expect(form.get('data')).toBe('Rezept anbei');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['rezept.pdf']);
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
    expect(toasts).toEqual([]);
  });

  it('keeps what was typed while a message was still sending for the next message', async () => {
    let feed = [anEvent()];
    let release: (() => void) | null = null;
    chatServer(() => feed, {
      'POST /api/tasks/:id/events': () =>
        new Promise<TaskEventDto>((resolve) => {
          release = () => {
            const sent = anEvent({ _id: 'e2', data: { text: 'Erste Nachricht' }, createdFrom: pharmacy });
            feed = [...feed, sent];
            resolve(sent);
          };
        }),
    });
    renderApp(<ChatPanel taskId="t1" />);
    await screen.findByText('Bitte bis Freitag liefern.');
    const box = screen.getByRole('textbox', { name: 'Nachricht' });
    await userEvent.type(box, 'Erste Nachricht');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(release).not.toBeNull());
    await userEvent.type(box, ' Und noch etwas');
    act(() => release!());
    expect(await screen.findByText('Erste Nachricht')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Und noch etwas'));
  });

  it('keeps "Senden" disabled while the message is empty and shows the server\'s refusal', async () => {
    chatServer([], { 'POST /api/tasks/:id/events': () => fail(400, EVENT_MESSAGES.emptyMessage, 'data') });
    renderApp(<ChatPanel taskId="t1" />);
    await screen.findByText('Keine Nachrichten vorhanden.');
    const send = screen.getByRole('button', { name: 'Senden' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachricht' }), '   ');
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'x');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    await waitFor(() => expect(toasts).toContainEqual([EVENT_MESSAGES.emptyMessage, 'error']));
  });

  it('checks the attachment limits before sending', async () => {
    chatServer([]);
    renderApp(<ChatPanel taskId="t1" />);
    await screen.findByText('Keine Nachrichten vorhanden.');
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Datei anhängen');
    await user.upload(input, new File(['MZ'], 'programm.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByRole('alert')).toHaveTextContent(EVENT_MESSAGES.fileType);
    const big = new File(['x'], 'gross.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent('Die Datei gross.pdf ist größer als 10 MB.');
    const six = Array.from({ length: 6 }, (_v, i) => new File(['%PDF'], `d${i}.pdf`, { type: 'application/pdf' }));
    await user.upload(input, six);
    expect(screen.getByRole('alert')).toHaveTextContent(EVENT_MESSAGES.tooManyFiles);
    expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();
  });

  it('shows the reopen toast when the message reopened a finished order', async () => {
    chatServer([], { 'POST /api/tasks/:id/events': { ...anEvent({ _id: 'e5', createdFrom: pharmacy }), reload: true } });
    renderApp(<ChatPanel taskId="t1" />);
    await screen.findByText('Keine Nachrichten vorhanden.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Noch eine Packung bitte');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(toasts).toContainEqual([EVENT_MESSAGES.reopened, 'success']));
  });

  it('marks every event of the order seen when it goes away', async () => {
    const calls = chatServer([anEvent({ seen: [] })]);
    const view = renderApp(<ChatPanel taskId="t1" />);
    await screen.findByText('neu');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    view.unmount();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/tasks/t1/events', body: { seen: true } }));
  });

  it("loads the feed again when a live 'newevent' arrives for this order", async () => {
    let feed = [anEvent()];
    chatServer(() => feed);
    renderApp(<ChatPanel taskId="t1" />);
    await screen.findByText('Bitte bis Freitag liefern.');
    feed = [...feed, anEvent({ _id: 'e2', data: { text: 'Ist unterwegs.' }, createdFrom: driver, seen: [] })];
    act(() => receiveLiveEvent(SOCKET_EVENTS.newEvent, { taskId: 't2', eventId: 'e7' }));
    act(() => receiveLiveEvent(SOCKET_EVENTS.newEvent, { taskId: 't1', eventId: 'e2' }));
    expect(await screen.findByText('Ist unterwegs.')).toBeInTheDocument();
  });
});
