import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPagination, type ListPaginationProps } from './list-pagination';

function Harness({ count, labelRowsPerPage }: Pick<ListPaginationProps, 'count' | 'labelRowsPerPage'>) {
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(10);
  return (
    <ListPagination
      count={count}
      page={page}
      rowsPerPage={rows}
      rowsPerPageOptions={[10, 25]}
      onPageChange={setPage}
      onRowsPerPageChange={setRows}
      labelRowsPerPage={labelRowsPerPage}
    />
  );
}

describe('ListPagination', () => {
  it('pages in German and starts again at the first page with a new page size', async () => {
    render(<Harness count={42} />);
    expect(screen.getByText('1–10 von 42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(screen.getByText('11–20 von 42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toBeEnabled();
    await userEvent.click(screen.getByRole('combobox', { name: /Zeilen pro Seite:/ }));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(screen.getByText('1–25 von 42')).toBeInTheDocument();
  });

  it('takes its own rows-per-page label and shows a page past the end as the last one', () => {
    render(
      <ListPagination count={5} page={3} rowsPerPage={10} rowsPerPageOptions={[10, 25]} onPageChange={() => {}} onRowsPerPageChange={() => {}} labelRowsPerPage="Einträge pro Seite" />,
    );
    expect(screen.getByText('Einträge pro Seite')).toBeInTheDocument();
    expect(screen.getByText('1–5 von 5')).toBeInTheDocument();
  });
});
