import { screen, waitFor } from '@testing-library/react';
import { setAuth } from '@mediport/api-client';
import { renderApp } from '../../common/test-utils';
import { demoAuth } from '../../common/demo-auth';
import App from './App';

describe('masterdata App', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['/patienten', 'Patienten'],
    ['/aerzte', 'Ärzte'],
    ['/v3/medikamente', 'Medikamente'],
  ])('renders the landing page of %s', async (route, title) => {
    setAuth(demoAuth(['ROLE_ADMIN']));
    renderApp(<App />, { route });
    // A page loads its own chunk when first shown.
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigationspfad' })).toHaveTextContent('Medikationsportal');
  });

  it('sends a user without the permission away', async () => {
    setAuth(demoAuth(['ROLE_DRIVER']));
    renderApp(<App />, { route: '/v3/medikamente' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
