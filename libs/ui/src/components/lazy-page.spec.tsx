import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { lazyModule, lazyPage, preloadPages, useLazyRoutes } from './lazy-page';

/** A module whose loading the test finishes (or fails) by hand, counting its loads. */
function deferredModule<M>() {
  const calls: Array<{ resolve: (m: M) => void; reject: (e: unknown) => void }> = [];
  const load = () => new Promise<M>((resolve, reject) => calls.push({ resolve, reject }));
  return { load, calls };
}

const Hello = ({ name }: { name: string }) => <h1>Hallo {name}</h1>;

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Fehler</p> : this.props.children;
  }
}

function Routes({ routes, opened }: { routes: RouteObject[]; opened: Promise<void> }) {
  return useLazyRoutes(routes, opened);
}

describe('lazyPage', () => {
  it('shows "Lade Daten..." until its code is there, then the page with its props', async () => {
    const mod = deferredModule<typeof Hello>();
    const Page = lazyPage(mod.load);
    render(<Page name="Anna" />);
    expect(screen.getByRole('status')).toHaveTextContent('Lade Daten...');
    await act(async () => mod.calls[0]!.resolve(Hello));
    expect(await screen.findByRole('heading', { name: 'Hallo Anna' })).toBeInTheDocument();
  });

  it('renders at once, without the spinner, once preloaded', async () => {
    const Page = lazyPage(() => Promise.resolve(Hello));
    await Page.preload();
    render(<Page name="Bernd" />);
    expect(screen.getByRole('heading', { name: 'Hallo Bernd' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('loads a module once for all of its pages', async () => {
    let loads = 0;
    const forms = lazyModule(async () => {
      loads += 1;
      return { NewPage: () => <h1>Neu</h1>, EditPage: () => <h1>Bearbeiten</h1> };
    });
    const NewPage = forms.page((m) => m.NewPage);
    const EditPage = forms.page((m) => m.EditPage);
    await NewPage.preload();
    render(<EditPage />);
    expect(screen.getByRole('heading', { name: 'Bearbeiten' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('throws a failed load to the error boundary and fetches again when mounted again', async () => {
    const mod = deferredModule<typeof Hello>();
    const Page = lazyPage(mod.load);
    // React reports the error the boundary catches; expected here.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = render(
      <Boundary>
        <Page name="Clara" />
      </Boundary>,
    );
    await act(async () => mod.calls[0]!.reject(new Error('offline')));
    expect(await screen.findByText('Fehler')).toBeInTheDocument();
    quiet.mockRestore();
    first.unmount();
    render(
      <Boundary>
        <Page name="Clara" />
      </Boundary>,
    );
    expect(mod.calls).toHaveLength(2);
    await act(async () => mod.calls[1]!.resolve(Hello));
    expect(await screen.findByRole('heading', { name: 'Hallo Clara' })).toBeInTheDocument();
  });
});

describe('preloadPages and useLazyRoutes', () => {
  it('loads only the pages the path shows and holds the routes back until they are there', async () => {
    const list = deferredModule<() => ReactNode>();
    const form = deferredModule<() => ReactNode>();
    const ListPage = lazyPage(list.load);
    const FormPage = lazyPage(form.load);
    const routes: RouteObject[] = [
      { path: 'liste', element: <ListPage /> },
      { path: 'formular', element: <FormPage /> },
    ];
    const opened = preloadPages(routes, '/liste');
    expect(list.calls).toHaveLength(1);
    expect(form.calls).toHaveLength(0);
    render(
      <MemoryRouter initialEntries={['/liste']}>
        <Routes routes={routes} opened={opened} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => list.calls[0]!.resolve(() => <h1>Liste</h1>));
    expect(await screen.findByRole('heading', { name: 'Liste' })).toBeInTheDocument();
  });
});
