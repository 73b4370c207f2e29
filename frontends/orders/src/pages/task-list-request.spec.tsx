import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAuth } from '@mediport/api-client';
import { type TaskDto } from '@mediport/contracts';
import { fakeApi, type RecordedCall, renderApp } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import { aDoctor, aHome, asAnswered, aTask } from '../features/list/testing/task-fixtures';
import { TaskListPage } from './task-list-page';

function taskServer(tasks: TaskDto[]) {
  return fakeApi({
    'GET /api/tasks': () => ({ data: tasks.map(asAnswered), count: tasks.length }),
    'GET /api/doctors': { data: [aDoctor()], count: 1 },
    'GET /api/homes': { data: [aHome()], count: 1 },
  });
}

const listQueries = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://x').pathname === '/api/tasks').map((c) => new URL(c.url, 'http://x').searchParams);

async function rowOf(patient: string) {
  const table = await screen.findByRole('table', { name: 'Anforderungen' });
  return within(table).getByText(patient).closest('tr')!;
}

describe('Anforderungen: the prescription request of an order', () => {
  it('shows where the latest request stands as a chip on rows that have one', async () => {
    taskServer([
      aTask({ _id: 't1', request: { _id: 'doc1', state: 'delivered', priority: 'urgent' } }),
      aTask({ _id: 't2', patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '' }, request: { _id: 'doc2', state: 'failed', priority: 'normal' } }),
      aTask({ _id: 't3', patientDetails: { _id: 'p3', firstname: 'Ida', lastname: 'Lang', dateOfBirth: '' }, request: null }),
    ]);
    setAuth(demoAuth(['ROLE_PHARMA']));
    renderApp(<TaskListPage />, { route: '/anforderungen' });
    const erna = await rowOf('Erna Schulz');
    expect(within(erna).getByText('Anforderung zugestellt')).toBeInTheDocument();
    expect(within(erna).getByTitle('Rezeptanforderung: zugestellt (dringend)')).toBeInTheDocument();
    expect(within(await rowOf('Otto Kern')).getByText('Anforderung fehlgeschlagen')).toBeInTheDocument();
    const ida = await rowOf('Ida Lang');
    expect(within(ida).queryByText(/Anforderung|Rezept angefordert|Rezept eingegangen/)).not.toBeInTheDocument();
  });

  it("filters by the request's state behind 'Weitere Filter', as a removable chip", async () => {
    const calls = taskServer([aTask()]);
    setAuth(demoAuth(['ROLE_PHARMA']));
    renderApp(<TaskListPage />, { route: '/anforderungen' });
    await rowOf('Erna Schulz');
    await userEvent.click(screen.getByRole('button', { name: 'Weitere Filter' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Rezeptanforderung' }));
    await userEvent.click(await screen.findByRole('option', { name: 'bestätigt' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('request=confirmed'));
    await waitFor(() => expect(listQueries(calls).at(-1)!.get('filter[request]')).toBe('confirmed'));
    const chips = await screen.findByRole('list', { name: 'Aktive Filter' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Rezeptanforderung: bestätigt entfernen' }));
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('request='));
    await waitFor(() => expect(listQueries(calls).at(-1)!.get('filter[request]')).toBeNull());
  });
});
