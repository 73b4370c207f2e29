import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useUnsavedChangesGuard } from '@mediport/ui';
import { GuardedBrowserRouter } from './guarded-router';

function FormPage() {
  const [name, setName] = useState('');
  const guard = useUnsavedChangesGuard(name !== '');
  const navigate = useNavigate();
  return (
    <>
      <h1>Formular</h1>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="button" onClick={() => navigate(-1)}>
        Abbrechen
      </button>
      <button type="button" onClick={() => guard.leave(() => navigate('/liste'))}>
        Speichern
      </button>
      {guard.dialog}
    </>
  );
}

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname}</div>;
}

function renderRouter() {
  return render(
    <GuardedBrowserRouter>
      <Link to="/liste">Zur Liste</Link>
      <Link to="/formular">Zum Formular</Link>
      <Routes>
        <Route path="/liste" element={<h1>Liste</h1>} />
        <Route path="/formular" element={<FormPage />} />
      </Routes>
      <Where />
    </GuardedBrowserRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const typeName = () => fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'geändert' } });

describe('GuardedBrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/liste'));

  it('navigates like BrowserRouter while nothing is unsaved, back button included', async () => {
    renderRouter();
    fireEvent.click(screen.getByRole('link', { name: 'Zum Formular' }));
    expect(where()).toBe('/formular');
    fireEvent.click(screen.getByRole('link', { name: 'Zur Liste' }));
    expect(where()).toBe('/liste');
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/formular'));
  });

  it('holds a link while the form has unsaved changes and follows it on "Verwerfen"', async () => {
    renderRouter();
    fireEvent.click(screen.getByRole('link', { name: 'Zum Formular' }));
    typeName();
    fireEvent.click(screen.getByRole('link', { name: 'Zur Liste' }));
    expect(await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' })).toBeInTheDocument();
    expect(where()).toBe('/formular');
    expect(window.location.pathname).toBe('/formular');
    fireEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    expect(where()).toBe('/liste');
  });

  it('keeps the form and its input on "Weiter bearbeiten"', async () => {
    renderRouter();
    fireEvent.click(screen.getByRole('link', { name: 'Zum Formular' }));
    typeName();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Weiter bearbeiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/formular');
    expect(screen.getByLabelText('Name')).toHaveValue('geändert');
  });

  it('undoes the browser back button while asking, and goes back on "Verwerfen"', async () => {
    renderRouter();
    fireEvent.click(screen.getByRole('link', { name: 'Zum Formular' }));
    typeName();
    act(() => window.history.back());
    expect(await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' })).toBeInTheDocument();
    // The guard undid the step: the browser returns to the form's entry, the form keeps its input.
    await waitFor(() => expect(window.location.pathname).toBe('/formular'));
    expect(where()).toBe('/formular');
    expect(screen.getByLabelText('Name')).toHaveValue('geändert');
    fireEvent.click(screen.getByRole('button', { name: 'Verwerfen' }));
    await waitFor(() => expect(where()).toBe('/liste'));
  });

  it('lets a save leave without asking', () => {
    renderRouter();
    fireEvent.click(screen.getByRole('link', { name: 'Zum Formular' }));
    typeName();
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/liste');
  });
});
