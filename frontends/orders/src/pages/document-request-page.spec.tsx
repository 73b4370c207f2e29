import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { configureErrorHandler, readAuth, setAuth, type ToastVariant } from '@mediport/api-client';
import { type Role, type Snippet } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, type DocumentCreateBody, type DocumentRequestType } from '@mediport/contracts/documents';
import { fail, fakeApi, type FakeApiRoutes, mockWindowWidth, type RecordedCall, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { aGroup, anAnswer, anOrder, KLEIN } from '../features/documents/testing/document-fixtures';
import { DocumentRequestPage } from './document-request-page';

const toasts: [string, ToastVariant][] = [];

beforeEach(() => {
  toasts.length = 0;
  configureErrorHandler({ notify: (message, variant) => toasts.push([message, variant]) });
});

// ProseMirror measures the selection to scroll it into view; jsdom lays nothing out.
beforeAll(() => {
  const rect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  const rects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = rect;
  Range.prototype.getClientRects = rects;
  document.elementFromPoint = () => null;
});

/** The page's server: the request answered per type (the default the three orders of Berg and Roth), and `extra` routes. */
function documentServer(answer: (type: DocumentRequestType) => ReturnType<typeof anAnswer> = (t) => anAnswer(t), extra: FakeApiRoutes = {}) {
  return fakeApi({
    'POST /api/documents/request': ({ body }) => answer(body.type ?? 'preferred'),
    'POST /api/documents': { message: DOCUMENT_MESSAGES.created, documents: [] },
    ...extra,
  });
}

function show(route = '/anforderungen/erzeugen?tasks=t1,t2,t3', { roles = ['ROLE_PHARMA'] as Role[], snippets = [] as Snippet[] } = {}) {
  const auth = demoAuth(roles);
  setAuth({ ...auth, user: { ...auth.user, snippets } });
  return renderApp(<DocumentRequestPage />, { route, path: '/anforderungen/erzeugen' });
}

const card = (name: string) => screen.findByRole('region', { name });
const requests = (calls: RecordedCall[]) => calls.filter((c) => c.route === 'POST /api/documents/request');
const created = (calls: RecordedCall[]) => calls.filter((c) => c.route === 'POST /api/documents').map((c) => c.body as DocumentCreateBody);
const sendButton = () => screen.getByRole('button', { name: 'Anforderungen senden' });

/** The tiptap editor behind a card's "Text" field (jsdom cannot type into contenteditable reliably). */
const editorIn = (region: HTMLElement) => (within(region).getByRole('textbox', { name: 'Text' }) as HTMLElement & { editor: Editor }).editor;

describe('Rezeptanforderungen: cards', () => {
  it('shows one card per doctor with the way it goes, the orders, and a warning where the address is missing', async () => {
    const calls = documentServer((t) => anAnswer(t, [aGroup(KLEIN, [anOrder('t4', KLEIN, ['Uwe', 'Brand'])], t)]));
    show('/anforderungen/erzeugen?tasks=t1,t2,t3,t4&state=new');
    const berg = await card('Dr. Jan Berg');
    expect(within(berg).getByText('Versand per E-Mail: berg@praxis.de')).toBeInTheDocument();
    expect(within(berg).getByRole('textbox', { name: 'Betreff' })).toHaveValue('Rezeptanforderung');
    expect(editorIn(berg).getHTML()).toBe('<p>Sehr geehrte Damen und Herren,</p><p>bitte um Rezepte.</p>');
    const rows = within(within(berg).getByRole('table', { name: 'Aufträge an Dr. Jan Berg' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...(r as HTMLTableRowElement).cells].slice(1).map((c) => c.textContent))).toEqual([
      ['Erna Schulzgeb. 01.02.1940', 'Ibuprofen', '400 mg Tabletten', '2', '25.11.2026'],
      ['Otto Kerngeb. 01.02.1940', 'Metoprolol', '50 mg', '1', ''],
    ]);
    expect(within(await card('Dr. Eva Roth')).getByText('Versand per Fax: 0331 98765')).toBeInTheDocument();
    const klein = await card('Max Klein');
    expect(within(klein).getByText('Für diesen Arzt ist kein bevorzugter Weg mit E-Mail-Adresse oder Faxnummer hinterlegt.')).toBeInTheDocument();
    expect(within(klein).getByRole('link', { name: 'Arzt bearbeiten' })).toHaveAttribute('href', '/arzt/d3');
    expect(screen.getByText('4 Aufträge an 3 Ärzte')).toBeInTheDocument();
    // The selection and the status filter go to the server.
    const [first] = requests(calls);
    expect(first!.body).toEqual({ tasks: ['t1', 't2', 't3', 't4'], type: 'preferred' });
    expect(new URL(first!.url, 'http://x').searchParams.get('filter[status]')).toBe('new');
  });

  it('asks again with the chosen way and keeps it in the address', async () => {
    const calls = documentServer();
    show('/anforderungen/erzeugen?tasks=t1,t2,t3&type=email');
    const roth = await card('Dr. Eva Roth');
    expect(requests(calls).map((c) => (c.body as { type: string }).type)).toEqual(['email']);
    expect(within(roth).getByText('Für diesen Arzt ist keine E-Mail-Adresse hinterlegt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-Mail' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Fax' }));
    await waitFor(() => expect(within(roth).getByText('Versand per Fax: 0331 98765')).toBeInTheDocument());
    expect(within(await card('Dr. Jan Berg')).getByText('Versand per Fax: 030 123456')).toBeInTheDocument();
    expect(requests(calls).map((c) => (c.body as { type: string }).type)).toEqual(['email', 'fax']);
    expect(screen.getByTestId('location')).toHaveTextContent('type=fax');
  });

  it('lists orders whose prescription waits at the practice apart, with the note that nothing is sent', async () => {
    const waiting = anOrder('t5', KLEIN, ['Uwe', 'Brand'], { type: 4, medicine: 'Insulin' });
    documentServer(() => ({ data: [aGroup(KLEIN, [], 'preferred', [waiting])], count: 1, withoutDoctor: [] }));
    show('/anforderungen/erzeugen?tasks=t5');
    const klein = await card('Max Klein');
    expect(within(klein).getByText('Das Rezept liegt für diese Aufträge bereits in der Praxis bereit. Für sie wird nichts gesendet.')).toBeInTheDocument();
    expect(within(klein).getByRole('table', { name: 'Bereitliegende Rezepte bei Max Klein' })).toHaveTextContent('Insulin');
    // Nothing to ask for: no text, no address warning, nothing to send.
    expect(within(klein).queryByRole('textbox', { name: 'Betreff' })).not.toBeInTheDocument();
    expect(within(klein).queryByText(/keine? .*hinterlegt/)).not.toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it('names the orders without a doctor in a note', async () => {
    const selfBuy = anOrder('t6', null, ['Eva', 'Maus'], { type: 2, medicine: 'Paracetamol' });
    documentServer((t) => anAnswer(t, [], [selfBuy]));
    show('/anforderungen/erzeugen?tasks=t1,t2,t3,t6');
    await card('Dr. Jan Berg');
    const note = screen.getByText('Dieser Auftrag hat keinen Arzt und wird nicht angefordert:').closest('[role="alert"]') as HTMLElement;
    expect(note).toHaveTextContent('Eva Maus: Paracetamol');
  });

  it('shows the orders as a list on a phone', async () => {
    const restore = mockWindowWidth(390);
    try {
      documentServer();
      show();
      const berg = await card('Dr. Jan Berg');
      expect(within(berg).queryByRole('table')).not.toBeInTheDocument();
      const items = within(within(berg).getByRole('list', { name: 'Aufträge an Dr. Jan Berg' })).getAllByRole('listitem');
      expect(items.map((i) => i.textContent)).toEqual(['Erna Schulzgeb. 01.02.1940Ibuprofen · 400 mg Tabletten · Menge 2bis 25.11.2026', 'Otto Kerngeb. 01.02.1940Metoprolol · 50 mg · Menge 1']);
      expect(within(items[1]!).getByRole('checkbox', { name: 'Otto Kern: Metoprolol anfordern' })).toBeChecked();
    } finally {
      restore();
    }
  });

  it('explains an empty selection and links back to the orders', async () => {
    documentServer();
    show('/anforderungen/erzeugen');
    expect(await screen.findByText(/Es sind keine Aufträge ausgewählt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Auftragsliste' })).toHaveAttribute('href', '/anforderungen');
    expect(screen.queryByRole('group', { name: 'Versandweg' })).not.toBeInTheDocument();
  });
});

describe('Rezeptanforderungen: snippets', () => {
  const SNIPPETS: Snippet[] = [
    { name: 'Standard', subject: 'Rezeptanforderung', content: '<p>Liebe Praxis,</p>' },
    { name: 'Dringend', subject: 'Dringend: Rezepte', content: '<p>bitte <strong>heute</strong> ausstellen.</p>' },
  ];

  it('fills the subject and the text from the chosen snippet', async () => {
    documentServer();
    show(undefined, { snippets: SNIPPETS });
    const berg = await card('Dr. Jan Berg');
    // Every user manages their own snippets.
    expect(within(berg).getByRole('button', { name: 'Textbausteine' })).toBeInTheDocument();
    await userEvent.click(within(berg).getByRole('combobox', { name: 'Textbaustein' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dringend' }));
    expect(within(berg).getByRole('textbox', { name: 'Betreff' })).toHaveValue('Dringend: Rezepte');
    await waitFor(() => expect(editorIn(berg).getHTML()).toBe('<p>bitte <strong>heute</strong> ausstellen.</p>'));
    // The other card keeps its text.
    expect(within(await card('Dr. Eva Roth')).getByRole('textbox', { name: 'Betreff' })).toHaveValue('Rezeptanforderung');
  });

  it('saves the card’s text as a snippet, renames and deletes one, each time with the whole list', async () => {
    const puts: Snippet[][] = [];
    const calls = documentServer(undefined, {
      'PUT /api/users/:id/profile': ({ body }) => {
        const sent = (body as { snippets?: Snippet[] }).snippets!;
        puts.push(sent);
        return { user: { ...readAuth()!.user, snippets: sent } };
      },
    });
    // Every user keeps their own snippets (the own profile), a manager's right is not needed.
    show(undefined, { roles: ['ROLE_PHARMA'], snippets: SNIPPETS });
    const berg = await card('Dr. Jan Berg');
    const subject = within(berg).getByRole('textbox', { name: 'Betreff' });
    await userEvent.clear(subject);
    await userEvent.paste('Bitte um Rezepte');
    await userEvent.click(within(berg).getByRole('button', { name: 'Textbausteine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Textbausteine' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Aktuellen Betreff und Text speichern als' }));
    await userEvent.paste('Praxis Berg');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual([...SNIPPETS, { name: 'Praxis Berg', subject: 'Bitte um Rezepte', content: '<p>Sehr geehrte Damen und Herren,</p><p>bitte um Rezepte.</p>' }]);
    expect(calls.find((c) => c.route === 'PUT /api/users/:id/profile')!.url).toBe('/api/users/u1/profile');
    await waitFor(() => expect(toasts).toContainEqual(['Textbausteine gespeichert', 'success']));
    // The stored login follows, so the picker offers the new snippet.
    expect(readAuth()!.user.snippets.map((s) => s.name)).toEqual(['Standard', 'Dringend', 'Praxis Berg']);
    expect(await within(dialog).findByText('Praxis Berg')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Standard umbenennen' }));
    const newName = within(dialog).getByRole('textbox', { name: 'Neuer Name für Standard' });
    await userEvent.clear(newName);
    await userEvent.paste('Dringend');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    expect(within(dialog).getByText('Ein Textbaustein mit diesem Namen existiert bereits.')).toBeInTheDocument();
    await userEvent.clear(newName);
    await userEvent.paste('Normal');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.map((s) => s.name)).toEqual(['Normal', 'Dringend', 'Praxis Berg']);

    await userEvent.click(await within(dialog).findByRole('button', { name: 'Dringend löschen' }));
    const question = await screen.findByRole('dialog', { name: 'Textbaustein löschen' });
    expect(question).toHaveTextContent('Möchten Sie den Textbaustein „Dringend“ löschen?');
    await userEvent.click(within(question).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]!.map((s) => s.name)).toEqual(['Normal', 'Praxis Berg']);
  });
});

describe('Rezeptanforderungen: sending', () => {
  it('posts the remaining orders per doctor with the edited subject and text, then says so and goes back to the list', async () => {
    const calls = documentServer();
    show();
    const berg = await card('Dr. Jan Berg');
    await userEvent.click(within(berg).getByRole('checkbox', { name: 'Otto Kern: Metoprolol anfordern' }));
    expect(screen.getByText('2 Aufträge an 2 Ärzte')).toBeInTheDocument();
    const subject = within(berg).getByRole('textbox', { name: 'Betreff' });
    await userEvent.clear(subject);
    await userEvent.paste('Rezepte für Haus Sonnenschein');
    const editor = editorIn(berg);
    act(() => {
      editor.commands.setContent('<p>Bitte um Rezept</p>');
      editor.commands.selectAll();
    });
    await userEvent.click(within(berg).getByRole('button', { name: 'Fett' }));
    expect(within(berg).getByRole('button', { name: 'Fett' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(sendButton());
    await waitFor(() => expect(created(calls)).toHaveLength(1));
    expect(created(calls)[0]).toEqual({
      type: 'preferred',
      documents: [
        { doctor: 'd1', subject: 'Rezepte für Haus Sonnenschein', content: '<p><strong>Bitte um Rezept</strong></p>', tasks: ['t1'], reason: 'follow-up', priority: 'normal', supplyDays: null },
        { doctor: 'd2', subject: 'Rezeptanforderung', content: '<p>Sehr geehrte Damen und Herren,</p><p>bitte um Rezepte.</p>', tasks: ['t3'], reason: 'follow-up', priority: 'normal', supplyDays: null },
      ],
    });
    await waitFor(() => expect(toasts).toContainEqual(['Dokumente angelegt', 'success']));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/anforderungen$/));
  });

  it('cannot send when no card has an order left, and asks for a subject', async () => {
    const calls = documentServer();
    show();
    const berg = await card('Dr. Jan Berg');
    const roth = await card('Dr. Eva Roth');
    await userEvent.click(within(roth).getByRole('checkbox', { name: 'Ida Lang: Ramipril anfordern' }));
    expect(within(roth).getByText('Für diesen Arzt ist kein Auftrag zum Anfordern ausgewählt.')).toBeInTheDocument();
    await userEvent.clear(within(berg).getByRole('textbox', { name: 'Betreff' }));
    await userEvent.click(sendButton());
    expect(within(berg).getByText('Bitte geben Sie einen Betreff an.')).toBeInTheDocument();
    await userEvent.click(within(berg).getByRole('checkbox', { name: 'Erna Schulz: Ibuprofen anfordern' }));
    await userEvent.click(within(berg).getByRole('checkbox', { name: 'Otto Kern: Metoprolol anfordern' }));
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText('Es ist kein Auftrag zum Anfordern ausgewählt.')).toBeInTheDocument();
    expect(created(calls)).toHaveLength(0);
  });

  it("asks in 'Adresse fehlt' before sending without an address, and leaves those doctors out", async () => {
    const calls = documentServer((t) => anAnswer(t, [aGroup(KLEIN, [anOrder('t4', KLEIN, ['Uwe', 'Brand'])], t)]));
    show('/anforderungen/erzeugen?tasks=t1,t2,t3,t4&type=email');
    await card('Max Klein');
    await userEvent.click(sendButton());
    let dialog = await screen.findByRole('dialog', { name: 'Adresse fehlt' });
    expect(dialog).toHaveTextContent('Für diese Ärzte ist keine Adresse für den Versandweg „E-Mail“ hinterlegt:');
    expect(within(dialog).getByRole('link', { name: 'Dr. Eva Roth: Arzt bearbeiten' })).toHaveAttribute('href', '/arzt/d2');
    expect(within(dialog).getByRole('link', { name: 'Max Klein: Arzt bearbeiten' })).toHaveAttribute('href', '/arzt/d3');
    // Cancel sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created(calls)).toHaveLength(0);

    await userEvent.click(sendButton());
    dialog = await screen.findByRole('dialog', { name: 'Adresse fehlt' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ohne diese Ärzte senden' }));
    await waitFor(() => expect(created(calls)).toHaveLength(1));
    expect(created(calls)[0]!.type).toBe('email');
    expect(created(calls)[0]!.documents.map((d) => [d.doctor, d.tasks])).toEqual([['d1', ['t1', 't2']]]);
  });

  it('offers only to cancel when no doctor has an address for the way', async () => {
    documentServer(() => ({ data: [aGroup(KLEIN, [anOrder('t4', KLEIN, ['Uwe', 'Brand'])])], count: 1, withoutDoctor: [] }));
    show('/anforderungen/erzeugen?tasks=t4');
    await card('Max Klein');
    await userEvent.click(sendButton());
    const dialog = await screen.findByRole('dialog', { name: 'Adresse fehlt' });
    expect(dialog).toHaveTextContent('Ohne diese Ärzte bleibt keine Anforderung zum Senden.');
    expect(within(dialog).queryByRole('button', { name: 'Ohne diese Ärzte senden' })).not.toBeInTheDocument();
  });

  it("shows the server's message when it refuses and stays on the page", async () => {
    documentServer(undefined, { 'POST /api/documents': fail(400, DOCUMENT_MESSAGES.taskOfOtherDoctor, 'documents.0.tasks') });
    show();
    await card('Dr. Jan Berg');
    await userEvent.click(sendButton());
    await waitFor(() => expect(toasts).toContainEqual([DOCUMENT_MESSAGES.taskOfOtherDoctor, 'error']));
    expect(screen.getByTestId('location')).toHaveTextContent('/anforderungen/erzeugen');
    expect(sendButton()).toBeEnabled();
  });

  it('shows the load error with a retry', async () => {
    documentServer(undefined, { 'POST /api/documents/request': fail(404, DOCUMENT_MESSAGES.tasksUnknown, 'tasks') });
    show();
    expect(await screen.findByText('Die Daten konnten nicht geladen werden.')).toBeInTheDocument();
    expect(toasts).toContainEqual([DOCUMENT_MESSAGES.tasksUnknown, 'error']);
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});


describe('Rezeptanforderungen: reason, priority and remaining supply', () => {
  it('sends each card’s reason, priority and remaining supply (Folgeverordnung and normal by default)', async () => {
    const calls = documentServer();
    show();
    const berg = await card('Dr. Jan Berg');
    const roth = await card('Dr. Eva Roth');
    expect(within(berg).getByRole('combobox', { name: 'Anlass' })).toHaveTextContent('Folgeverordnung (Reichweite erschöpft)');
    expect(within(berg).getByRole('button', { name: 'normal' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(berg).getByRole('button', { name: 'dringend' }));
    await userEvent.type(within(berg).getByRole('textbox', { name: 'Restreichweite in Tagen' }), '3');
    // Another reason: no remaining supply.
    await userEvent.click(within(roth).getByRole('combobox', { name: 'Anlass' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Änderung' }));
    expect(within(roth).queryByRole('textbox', { name: 'Restreichweite in Tagen' })).not.toBeInTheDocument();
    await userEvent.click(sendButton());
    await waitFor(() => expect(created(calls)).toHaveLength(1));
    expect(created(calls)[0]!.documents.map((d) => [d.doctor, d.reason, d.priority, d.supplyDays])).toEqual([
      ['d1', 'follow-up', 'urgent', 3],
      ['d2', 'change', 'normal', null],
    ]);
  });

  it('refuses a remaining supply beyond 365 days at the field, with the server’s message, and sends nothing', async () => {
    const calls = documentServer();
    show();
    const berg = await card('Dr. Jan Berg');
    const field = within(berg).getByRole('textbox', { name: 'Restreichweite in Tagen' });
    await userEvent.type(field, '366');
    expect(within(berg).getByText(DOCUMENT_MESSAGES.supplyDays)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(sendButton());
    expect(created(calls)).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, '30');
    expect(within(berg).queryByText(DOCUMENT_MESSAGES.supplyDays)).not.toBeInTheDocument();
    await userEvent.click(sendButton());
    await waitFor(() => expect(created(calls)).toHaveLength(1));
    expect(created(calls)[0]!.documents[0]!.supplyDays).toBe(30);
  });

  it('links to the requests already sent', async () => {
    documentServer();
    show();
    await card('Dr. Jan Berg');
    expect(screen.getByRole('link', { name: 'Angeforderte Rezepte' })).toHaveAttribute('href', '/anforderungen/rezeptanforderungen');
  });
});
