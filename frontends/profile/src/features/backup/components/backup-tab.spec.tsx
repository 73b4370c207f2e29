import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAuth } from '@mediport/api-client';
import type { BackupEntry } from '@mediport/contracts/backup';
import { fakeApi, renderApp, when } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { loadProfileTabs, ProfilePage } from '../../../pages/profile-page';

beforeAll(loadProfileTabs);

const entry = (month: string, status: string, title: string): BackupEntry => ({
  name: `backup-${month}-haus_sonnenschein-a1b2c3.zip`,
  original: `Sicherung_${month}_Haus_Sonnenschein.zip`,
  title,
  month,
  status,
  stats: { mtime: `${month}-02T01:30:00.000Z`, size: 20_000 },
});
const NEW = entry('2026-10', 'new', 'Sicherung Oktober 2026');
const OLD = entry('2026-09', 'downloaded', 'Sicherung September 2026');

const open = () => renderApp(<ProfilePage />, { route: '/profil?tab=6', path: '/profil' });

describe('Backup', () => {
  beforeEach(() => {
    localStorage.clear();
    setAuth(demoAuth(['ROLE_HOME']));
  });

  it('lists the archives with title, status and last change; a new one in bold', async () => {
    fakeApi({ 'GET /api/backup': { data: [NEW, OLD], count: 2 } });
    open();
    expect(screen.getByRole('tab', { name: 'Backup', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Backup-Archive' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Titel', 'Status', 'Letzte Änderung', 'Aktionen']);
    const [, first, second] = within(table).getAllByRole('row');
    // Title, status (also repeated under the title for phones), last change, download.
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    expect(cells(first!)[0]).toHaveStyle({ fontWeight: 700 });
    expect(cells(first!)[1]).toHaveTextContent(/^neu$/);
    expect(cells(first!)[1]).toHaveStyle({ fontWeight: 700 });
    expect(cells(second!)[1]).toHaveTextContent(/^bereits heruntergeladen$/);
    expect(cells(second!)[1]).toHaveStyle({ fontWeight: 400 });
    expect(cells(first!)[2]).toHaveTextContent(/^02\.10\.2026 \d{2}:30$/);
  });

  it('says under the table how long the archives are kept', async () => {
    fakeApi({ 'GET /api/backup': { data: [NEW, OLD], count: 2 } });
    open();
    const table = await screen.findByRole('table', { name: 'Backup-Archive' });
    const note = screen.getByText('Archive werden 12 Monate aufbewahrt, mit der Option „Backup-Archiv: 10 Jahre Aufbewahrung“ 10 Jahre.');
    expect(table.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('downloads an archive under its file name; the list then shows it as downloaded', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob as Blob);
      return 'blob:zip';
    };
    URL.revokeObjectURL = () => undefined;
    let entries = [NEW, OLD];
    fakeApi({
      'GET /api/backup': () => ({ data: entries, count: entries.length }),
      'GET /api/backup/download/:name': ({ params }) => {
        entries = entries.map((e) => (e.name === params.name ? { ...e, status: 'downloaded' } : e));
        return new Blob(['PK'], { type: 'application/zip' });
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Sicherung Oktober 2026 herunterladen' }));
    expect(await screen.findAllByText('bereits heruntergeladen')).toHaveLength(4);
    expect(saved).toHaveLength(1);
  });

  it('shows the other statuses in the spec words', async () => {
    fakeApi({ 'GET /api/backup': { data: [entry('2026-08', 'accepted', 'A'), entry('2026-07', 'reject', 'B'), entry('2026-06', 'pending', 'C')], count: 3 } });
    open();
    expect(await screen.findAllByText('akzeptiert')).toHaveLength(2);
    expect(screen.getAllByText('abgelehnt')).toHaveLength(2);
    expect(screen.getAllByText('offen')).toHaveLength(2);
  });

  it('says so when there is no archive yet', async () => {
    fakeApi({ 'GET /api/backup': { data: [], count: 0 } });
    open();
    expect(await screen.findByText('Kein Daten vorhanden.')).toBeInTheDocument();
  });

  it('is no tab for accounting alone', () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    fakeApi({ 'GET /api/users/:id/profile': when({ id: 'u1' }, demoAuth(['ROLE_ACCOUNTING']).user) });
    open();
    expect(screen.queryByRole('tab', { name: 'Backup' })).not.toBeInTheDocument();
  });
});
