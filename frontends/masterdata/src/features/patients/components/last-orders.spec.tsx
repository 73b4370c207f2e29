import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskDto } from '@mediport/contracts';
import { renderRoutes } from '../../../shared/test-harness';
import { aTask } from '../../../../../orders/src/features/list/testing/task-fixtures';
import { patientsRoutes } from '../../../routes';
import { authOf, callsTo, P1, P2, PATIENTS, patientServer } from '../testing/patient-server';
import { preloadPages } from '@mediport/ui';

// The pages' chunks, loaded once before the tests (a warmed-up app has them).
beforeAll(() => preloadPages(patientsRoutes));

/** Orders of Anna Müller (P1), newest first as the server sorts them. */
const orders = (n: number): TaskDto[] =>
  Array.from({ length: n }, (_v, i) =>
    aTask({ _id: `t${i + 1}`, patient: P1, medicine: `Medikament ${i + 1}`, dose: `${i + 1} mg`, status: i === 0 ? 'new' : 'finished', createdAt: `2026-03-${String(28 - i).padStart(2, '0')}T10:00:00.000Z` }),
  );

const region = () => screen.getByRole('region', { name: 'Letzte Aufträge' });

describe('"Letzte Aufträge" on the patient pages', () => {
  beforeEach(() => localStorage.clear());

  it.each([`/patient/details/${P1}`, `/patient/${P1}`])('%s lists date, medicine, dose and status of the latest orders', async (route) => {
    const { calls } = patientServer(PATIENTS, { tasks: [...orders(2), aTask({ _id: 'other', patient: P2 })] });
    renderRoutes(patientsRoutes, route, authOf(['ROLE_PHARMA']));
    const table = await within(await screen.findByRole('region', { name: 'Letzte Aufträge' })).findByRole('table', { name: 'Letzte Aufträge' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'DatumMedikamentDosierung/DarreichungsformStatus',
      '28.03.2026Medikament 11 mgNeu',
      '27.03.2026Medikament 22 mgErledigt',
    ]);
    const query = new URL(callsTo(calls, 'GET', '/api/tasks')[0]!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ 'filter[patient]': P1, sort: '-createdAt', offset: '0', limit: '10' });
    expect(within(region()).getByRole('link', { name: 'Alle Aufträge des Patienten' })).toHaveAttribute('href', `/anforderung/patient/${P1}`);
  });

  it('pages through more than 10 orders', async () => {
    patientServer(PATIENTS, { tasks: orders(12) });
    renderRoutes(patientsRoutes, `/patient/details/${P1}`, authOf(['ROLE_HOME']));
    expect(await within(await screen.findByRole('region', { name: 'Letzte Aufträge' })).findByText('1 - 10 von 12 Datensätzen')).toBeInTheDocument();
    await userEvent.click(within(region()).getByRole('button', { name: 'Nächste Seite' }));
    expect(await within(region()).findByText('Medikament 12')).toBeInTheDocument();
    expect(within(region()).getByText('11 - 12 von 12 Datensätzen')).toBeInTheDocument();
  });

  it('says "Keine Daten" while the patient has no orders', async () => {
    patientServer();
    renderRoutes(patientsRoutes, `/patient/details/${P1}`, authOf(['ROLE_ADMIN']));
    expect(await within(await screen.findByRole('region', { name: 'Letzte Aufträge' })).findByText('Keine Daten')).toBeInTheDocument();
  });

  it('is left out without task_list_view (and asks nothing)', async () => {
    const { calls } = patientServer();
    const admin = authOf(['ROLE_ADMIN']);
    renderRoutes(patientsRoutes, `/patient/details/${P1}`, { ...admin, permissions: admin.permissions.filter((p) => !p.startsWith('task_list_view')) });
    expect(await screen.findByDisplayValue('Müller')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Letzte Aufträge' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/tasks')).toHaveLength(0);
  });
});
