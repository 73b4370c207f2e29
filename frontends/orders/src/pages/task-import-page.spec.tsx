import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureErrorHandler, setAuth, type ToastVariant } from '@mediport/api-client';
import { IMPORT_COLUMNS, IMPORT_MESSAGES, type ImportCounts, type ImportPreview, importSuccessText } from '@mediport/contracts/import';
import { fail, fakeApi, type FakeApiRoutes, type RecordedCall, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { ImportProgressBar } from '../features/import/components/import-progress-bar';
import { TaskImportPage } from './task-import-page';

const toasts: [string, ToastVariant][] = [];
const downloads: string[] = [];
let click: jest.SpyInstance;

beforeEach(() => {
  toasts.length = 0;
  downloads.length = 0;
  configureErrorHandler({ notify: (message, variant) => toasts.push([message, variant]) });
  URL.createObjectURL = () => 'blob:datei';
  URL.revokeObjectURL = () => undefined;
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => click.mockRestore());

const counts = (tasks: number, patients = 1): ImportCounts => ({
  homes: { nInserted: 0 },
  homeGroups: { nInserted: 0 },
  patients: { nUpserted: patients },
  doctors: { nUpserted: 0 },
  tasks: { nUpserted: tasks },
});

function aPreview(values: Partial<ImportPreview> = {}): ImportPreview {
  return {
    fileName: 'Heimliste.xlsx',
    format: 'xlsx',
    rows: 2,
    skipped: 0,
    pharmacies: ['Apotheke am Markt', 'Löwen-Apotheke'],
    counts: counts(1),
    details: { homes: [], homeGroups: [], patients: { inserted: 1, updated: 0 }, doctors: [], tasks: { inserted: 1, updated: 0, unchanged: 0 } },
    lines: [
      { row: 2, home: 'Haus Sonnenschein', homeGroup: 'Wohnbereich A', patient: 'Musterfrau, Erika', dateOfBirth: '12.03.1941', doctor: 'Berger, Anna', medicine: 'Ibuprofen 400 mg', dose: '1-0-1', amount: '2', type: 'Auftrag', latestDelivery: '01.04.2030', action: 'insert' },
      { row: 3, home: 'Haus Sonnenschein', homeGroup: 'Wohnbereich A', patient: 'Muster, Max', dateOfBirth: '31.02.1950', doctor: '', medicine: 'Aspirin', dose: '1-0-0', amount: '1', type: '2', latestDelivery: '', action: 'error' },
    ],
    problems: [{ row: 3, column: 'Geburtsdatum', message: '31.02.1950 ist kein gültiges Datum' }],
    problemCount: 1,
    ...values,
  };
}

const FIXED = aPreview({ problems: [], problemCount: 0, lines: [aPreview().lines[0]!], rows: 1 });

function show(routes: FakeApiRoutes) {
  setAuth(demoAuth(['ROLE_PHARMA']));
  const calls = fakeApi({ 'GET /api/import/task/progress': { phase: 'read', done: 1, total: 2, rows: 1 }, ...routes });
  renderApp(<TaskImportPage />, { route: '/anforderungen/import', path: '/anforderungen/import' });
  return calls;
}

const xlsx = (name: string) => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const choose = (name: string) => userEvent.upload(screen.getByLabelText('Datei'), xlsx(name));
const sent = (calls: RecordedCall[], route: string) => calls.filter((c) => c.route === route).map((c) => c.body as FormData);
const importButton = () => screen.getByRole('button', { name: 'Importieren' });

describe('Import', () => {
  it('documents the file format with every column and offers the template', async () => {
    const calls = show({ 'GET /api/import/task/template': new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) });
    const table = screen.getByRole('table', { name: 'Spalten der Importdatei' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0]!.textContent)).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    expect(within(rows[0]!).getByText('ja')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vorlage herunterladen' }));
    await waitFor(() => expect(downloads).toEqual(['Vorlage_Auftragsimport.xlsx']));
    expect(calls.some((c) => c.route === 'GET /api/import/task/template')).toBe(true);
  });

  it('checks a chosen file in a dry run and shows each problem with row and column; import waits for a file without problems', async () => {
    const calls = show({ 'POST /api/import/task/preview': aPreview() });
    await choose('Heimliste.xlsx');
    const problems = await screen.findByRole('table', { name: 'Probleme der Datei' });
    expect(within(problems).getAllByRole('row').slice(1).map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.textContent))).toEqual([['3', 'Geburtsdatum', '31.02.1950 ist kein gültiges Datum']]);
    expect(screen.getByText('Die Datei hat 1 Problem')).toBeInTheDocument();
    const lines = within(screen.getByRole('table', { name: 'Zeilen der Datei' })).getAllByRole('row').slice(1);
    expect(lines.map((r) => [...(r as HTMLTableRowElement).cells].slice(0, 4).map((c) => c.textContent))).toEqual([
      ['2', 'Neu', 'Haus Sonnenschein', 'Wohnbereich A'],
      ['3', 'Fehler', 'Haus Sonnenschein', 'Wohnbereich A'],
    ]);
    expect(importButton()).toBeDisabled();
    const [body] = sent(calls, 'POST /api/import/task/preview');
    expect((body!.get('file') as File).name).toBe('Heimliste.xlsx');
    expect([body!.get('insertHomes'), body!.get('insertHomeGroups'), body!.get('filterPharma')]).toEqual(['false', 'false', '']);
    // Each upload names a job whose progress is asked for.
    const put = calls.find((c) => c.route === 'POST /api/import/task/preview')!;
    expect(new URL(put.url, 'http://x').searchParams.get('job')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks again with an insert option or a pharmacy, then imports: toast with the counts, success note, link to the list', async () => {
    let answer = aPreview();
    const calls = show({
      'POST /api/import/task/preview': () => answer,
      'PUT /api/import/task': counts(1),
    });
    await choose('Heimliste.xlsx');
    await screen.findByText('Die Datei hat 1 Problem');
    answer = FIXED;
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fehlende Einrichtungen anlegen' }));
    await waitFor(() => expect(screen.queryByText('Die Datei hat 1 Problem')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('combobox', { name: 'Apotheke' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Löwen-Apotheke' }));
    await waitFor(() => expect(sent(calls, 'POST /api/import/task/preview')).toHaveLength(3));
    const last = sent(calls, 'POST /api/import/task/preview')[2]!;
    expect([last.get('insertHomes'), last.get('filterPharma')]).toEqual(['true', 'Löwen-Apotheke']);
    await waitFor(() => expect(importButton()).toBeEnabled());
    await userEvent.click(importButton());
    await waitFor(() => expect(toasts).toEqual([[importSuccessText(counts(1)), 'success']]));
    expect(importSuccessText(counts(1))).toBe('Daten erfolgreich importiert: 0 Einrichtungen, 0 Wohnbereiche, 1 Patient, 0 Ärzte, 1 Auftrag');
    expect(screen.getByRole('alert')).toHaveTextContent(importSuccessText(counts(1)));
    expect(screen.getByRole('link', { name: 'Zur Auftragsliste' })).toHaveAttribute('href', '/anforderungen');
    const [imported] = sent(calls, 'PUT /api/import/task');
    expect([imported!.get('insertHomes'), imported!.get('filterPharma'), (imported!.get('file') as File).name]).toEqual(['true', 'Löwen-Apotheke', 'Heimliste.xlsx']);
  });

  it('says when a file holds nothing new', async () => {
    show({ 'POST /api/import/task/preview': aPreview({ problems: [], problemCount: 0, counts: counts(0, 0), lines: [{ ...aPreview().lines[0]!, action: 'unchanged' }] }) });
    await choose('Heimliste.xlsx');
    expect(await screen.findByText('Die Datei enthält nichts Neues: Alle Aufträge sind schon vorhanden.')).toBeInTheDocument();
    expect(importButton()).toBeDisabled();
  });

  it("lists the server's refusal of a file instead of a preview", async () => {
    show({ 'POST /api/import/task/preview': fail(415, IMPORT_MESSAGES.notSpreadsheet, 'file') });
    await choose('Bild.xlsx');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Datei wurde nicht importiert.');
    expect(alert).toHaveTextContent(IMPORT_MESSAGES.notSpreadsheet);
    expect(toasts).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Importieren' })).not.toBeInTheDocument();
  });
});

describe('ImportProgressBar', () => {
  it.each([
    [{ phase: 'upload', done: 512_000, total: 1_024_000, rows: 0 }, 15, 'Die Datei wird hochgeladen … 500 von 1.000 KB'],
    [{ phase: 'read', done: 50, total: 100, rows: 4000 }, 42.5, 'Die Datei wird gelesen … 4.000 Zeilen gelesen'],
    [{ phase: 'check', done: 4000, total: 10000, rows: 10000 }, 63, 'Die Zeilen werden geprüft … Zeile 4.000 von 10.000'],
    [{ phase: 'write', done: 10000, total: 10000, rows: 10000 }, 100, 'Die Aufträge werden gespeichert … Zeile 10.000 von 10.000'],
  ] as const)('%j → %s %', (progress, value, text) => {
    render(<ImportProgressBar progress={progress} />);
    const bar = screen.getByRole('progressbar', { name: 'Fortschritt' });
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo(value, 0);
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });
});
