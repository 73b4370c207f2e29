import { screen, waitFor } from '@testing-library/react';
import { setAuth } from '@mediport/api-client';
import { renderApp } from '../../common/test-utils';
import { demoAuth } from '../../common/demo-auth';
import App from './App';

describe('orders App', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['/anforderungen', 'Anforderungen'],
    ['/v3/anforderung/neu', 'Neue Anforderung'],
    ['/v3/abholauftraege', 'Abholaufträge'],
    ['/anforderungen/erzeugen', 'Rezeptanforderungen'],
    ['/anforderungen/import', 'Import'],
  ])('renders the landing page of %s', async (route, title) => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    renderApp(<App />, { route });
    // A page loads its own chunk when first shown.
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText('Aufträge und Abholung')).toBeInTheDocument();
  });

  it('shows "Vertrag benötigt!" on the locked new-order page', () => {
    setAuth(demoAuth(['ROLE_DOCTOR'], { hasContract: false }));
    renderApp(<App />, { route: '/v3/anforderung/neu' });
    expect(screen.getByText('Vertrag benötigt!')).toBeInTheDocument();
  });

  it('sends a user without the permission away', async () => {
    setAuth(demoAuth(['ROLE_ACCOUNTING']));
    renderApp(<App />, { route: '/anforderungen/import' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
