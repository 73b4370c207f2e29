import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DoctorDto, DoctorRef, HomeDto, HomeGroupRef, ListResponse, Role, UserListRow } from '@mediport/contracts';
import { configureErrorHandler, setAuth } from '@mediport/api-client';
import { formatDateTime } from '@mediport/ui';
import { PASSWORD_MESSAGES, USER_MESSAGES } from '@mediport/validation';
import { fail, fakeApi, renderApp, when, type FakeApiRoutes } from '../../../common/test-utils';
import { demoAuth } from '../../../common/demo-auth';
import App from '../App';

const HOME = '11111111-1111-4111-8111-111111111111';
const DOCTOR = '22222222-2222-4222-8222-222222222222';
const NO_MAIL_DOCTOR = '33333333-3333-4333-8333-333333333333';
const OTHER_HOME = '55555555-5555-4555-8555-555555555555';
const GROUP_A = { _id: '66666666-6666-4666-8666-666666666661', name: 'Wohnbereich A', home: HOME };
const GROUP_B = { _id: '66666666-6666-4666-8666-666666666662', name: 'Wohnbereich B', home: HOME };
const GROUP_NORD = { _id: '66666666-6666-4666-8666-666666666663', name: 'Wohnbereich Nord', home: OTHER_HOME };

const AUDIT = { createdAt: '2026-01-01T00:00:00.000Z', modifiedAt: '2026-01-01T00:00:00.000Z', createdFrom: null, modifiedFrom: null };

/** A row of GET /api/homes with its living areas. */
function home(_id: string, name: string, groups: HomeGroupRef[]): HomeDto {
  return {
    ...AUDIT,
    _id,
    name,
    company: '',
    firstname: '',
    lastname: '',
    email: '',
    fax: '',
    phone: '',
    street: '',
    postalCode: '',
    city: '',
    country: 'Deutschland',
    logo: null,
    debtorId: '',
    senderName: '',
    senderPhone: '',
    senderFax: '',
    homeGroups: groups.map((g) => ({ ...g, patients: 0 })),
    withLogin: false,
    selfPay: false,
    canSendTasks: true,
    deactivated: false,
    seen: [],
    editable: true,
    deletable: true,
    senderEditable: true,
    groupsEditable: true,
  };
}

/** A row of GET /api/doctors. */
function doctor(ref: DoctorRef): DoctorDto {
  return {
    ...AUDIT,
    ...ref,
    salutation: '',
    expertise: 'Allgemeinmedizin',
    department: 'Allgemeinmedizin',
    street: '',
    postalCode: '',
    city: '',
    country: 'Deutschland',
    office: null,
    officeDetails: null,
    fax: '',
    phone: '',
    preferred: 'E-Mail',
    debtorId: '',
    withLogin: false,
    deactivated: false,
    seen: [],
    editable: true,
    deletable: true,
  };
}

const listOf = <T,>(data: T[]): ListResponse<T> => ({ data, count: data.length });

const HOMES = [home(HOME, 'Haus Sonnenschein', [GROUP_A, GROUP_B])];
const DOCTORS = [
  doctor({ _id: DOCTOR, title: 'Dr.', firstname: 'Anna', lastname: 'Berger', email: 'praxis@dr-berger.de' }),
  doctor({ _id: NO_MAIL_DOCTOR, title: '', firstname: 'Otto', lastname: 'Ohnemail', email: '' }),
];

function row(overrides: Partial<UserListRow> = {}): UserListRow {
  return {
    _id: '44444444-4444-4444-8444-444444444444',
    username: 'hanna.heim',
    roles: ['ROLE_HOME'],
    doctor: null,
    home: HOME,
    homeGroup: [],
    patient: null,
    salutation: 'mrs',
    title: '',
    firstname: 'Hanna',
    lastname: 'Heim',
    street: '',
    postalCode: '',
    city: '',
    country: 'Deutschland',
    avatar: null,
    chargeable: 0,
    status: '',
    once_password: false,
    snippets: [],
    seen: [],
    createdAt: '2026-03-01T08:00:00.000Z',
    createdFrom: { _id: 'a1', username: 'admin', name: 'Ada Admin' },
    modifiedAt: '2026-03-02T09:30:00.000Z',
    modifiedFrom: { _id: 'a2', username: 'apotheke', name: 'Max Mustermann' },
    editable: true,
    homeDetails: { _id: HOME, name: 'Haus Sonnenschein' },
    doctorDetails: null,
    homeGroupDetails: [],
    ...overrides,
  };
}

let toasts: Array<[string, string]>;

function serve(routes: FakeApiRoutes = {}, opts: { homeContract?: boolean } = {}) {
  return fakeApi({
    'GET /api/homes': listOf(HOMES),
    'GET /api/doctors': listOf(DOCTORS),
    'GET /api/contracts/has': ({ url }) => (url.searchParams.has('home') ? (opts.homeContract ?? true) : false),
    'GET /api/users': listOf([row()]),
    ...routes,
  });
}


function signInAs(roles: Role[]) {
  setAuth(demoAuth(roles));
}

const usernameField = () => screen.getByRole('textbox', { name: /^Benutzername/ });
const passwordField = () => screen.getByLabelText(/^Passwort\W*$/);
const confirmField = () => screen.getByLabelText(/^Passwort wiederholen\W*$/);
const saveButton = () => screen.getByRole('button', { name: 'Speichern' });

async function chooseOption(label: RegExp | string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  localStorage.clear();
  toasts = [];
  configureErrorHandler({ notify: (message, variant) => toasts.push([message, variant]), navigate: () => undefined });
});

describe('user form (create)', () => {
  it('shows the username rule and keeps Speichern disabled while errors exist', async () => {
    signInAs(['ROLE_ADMIN']);
    serve();
    renderApp(<App />, { route: '/nutzer/neu' });
    expect(await screen.findByRole('heading', { name: 'Neuer Nutzer' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Benutzername/ })).toHaveAttribute('placeholder', 'vorname.nachname');
    expect(saveButton()).toBeDisabled();
    fireEvent.change(usernameField(), { target: { value: 'x' } });
    fireEvent.change(usernameField(), { target: { value: '' } });
    fireEvent.blur(usernameField());
    expect(await screen.findByText(USER_MESSAGES.usernameRequired)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('enables only the roles the viewer may grant: no Administrator for pharma + manager, no manager in the defaults', async () => {
    signInAs(['ROLE_PHARMA', 'ROLE_MANAGER']);
    serve();
    renderApp(<App />, { route: '/nutzer/neu' });
    const admin = await screen.findByRole('checkbox', { name: 'Administrator' });
    expect(admin).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Apotheker' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Manager' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Manager' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Heim' })).toHaveAccessibleDescription('Arbeitsbereich für Pflegeeinrichtungen.');
  });

  it('selects the single home automatically and asks for the cost acknowledgement without a contract', async () => {
    signInAs(['ROLE_ADMIN']);
    serve({}, { homeContract: false });
    renderApp(<App />, { route: '/nutzer/neu' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Heim' }));
    expect(screen.getByRole('combobox', { name: /Pflegeheim/ })).toHaveTextContent('Haus Sonnenschein');
    const ack = await screen.findByRole('checkbox', { name: 'Ich bestätige den kostenpflichtigen Zugang.' });
    expect(screen.getByText(USER_MESSAGES.chargeable)).toBeInTheDocument();
    fireEvent.change(usernameField(), { target: { value: 'paula.pflege' } });
    fireEvent.change(passwordField(), { target: { value: 'Sonne#Mond2024!' } });
    fireEvent.change(confirmField(), { target: { value: 'Sonne#Mond2024!' } });
    expect(saveButton()).toBeDisabled();
    fireEvent.click(ack);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(screen.queryByText(USER_MESSAGES.chargeable)).not.toBeInTheDocument();
  });

  it('clears the home when the Heim role is removed and requires a doctor with an e-mail for Arzt', async () => {
    signInAs(['ROLE_ADMIN']);
    serve();
    renderApp(<App />, { route: '/nutzer/neu' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Heim' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heim' }));
    expect(screen.queryByRole('combobox', { name: /Pflegeheim/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Arzt' }));
    expect(await screen.findByText(USER_MESSAGES.doctorRequired)).toBeInTheDocument();
    await chooseOption(/Zugeordneter Arzt/, 'Otto Ohnemail');
    expect(await screen.findByText(USER_MESSAGES.doctorNeedsEmail)).toBeInTheDocument();
    await chooseOption(/Zugeordneter Arzt/, 'Dr. Anna Berger');
    await waitFor(() => expect(screen.queryByText(USER_MESSAGES.doctorNeedsEmail)).not.toBeInTheDocument());
  });

  it('applies the strict password rules, or min 5 with the one-time flag, and generates a password', async () => {
    signInAs(['ROLE_ADMIN']);
    serve();
    renderApp(<App />, { route: '/nutzer/neu' });
    await screen.findByRole('checkbox', { name: 'Einmalpasswort' });
    fireEvent.change(passwordField(), { target: { value: 'abcd' } });
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort(12))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Einmalpasswort' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.tooShort(5))).toBeInTheDocument();
    fireEvent.change(passwordField(), { target: { value: 'abcde' } });
    fireEvent.change(confirmField(), { target: { value: 'abcdf' } });
    expect(await screen.findByText(PASSWORD_MESSAGES.mismatch)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Passwort generieren' }));
    const generated = (passwordField() as HTMLInputElement).value;
    expect(generated.length).toBeGreaterThanOrEqual(12);
    expect(confirmField()).toHaveValue(generated);
    // Shown in plain text to copy (libs/ui GeneratedPassword), not only written into the masked fields.
    expect(screen.getByLabelText('Generiertes Passwort')).toHaveTextContent(generated);
    expect(screen.getByRole('button', { name: 'Generiertes Passwort kopieren' })).toBeInTheDocument();
  });

  it('posts the form, toasts and returns to the list; a server field error lands on the field', async () => {
    signInAs(['ROLE_ADMIN']);
    let attempt = 0;
    const calls = serve({
      'POST /api/users': () => (++attempt === 1 ? fail(400, USER_MESSAGES.usernameTaken, 'username') : row({ username: 'fahrer.neu' })),
    });
    renderApp(<App />, { route: '/v3/nutzer/neu' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Fahrer' }));
    fireEvent.change(usernameField(), { target: { value: 'admin' } });
    fireEvent.change(passwordField(), { target: { value: 'Sonne#Mond2024!' } });
    fireEvent.change(confirmField(), { target: { value: 'Sonne#Mond2024!' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(USER_MESSAGES.usernameTaken)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    fireEvent.change(usernameField(), { target: { value: 'fahrer.neu' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/v3\/nutzer$/));
    expect(toasts).toContainEqual(['Nutzer gespeichert.', 'success']);
    const post = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(post.body).toMatchObject({ username: 'fahrer.neu', roles: ['ROLE_DRIVER'], salutation: 'mr', home: null, doctor: null, once_password: false });
  });
});

describe('choices from the master-data lists', () => {
  const paths = (calls: Array<{ method: string; url: string }>) => calls.filter((c) => c.method === 'GET').map((c) => c.url);

  it('asks GET /api/homes and GET /api/doctors for every record (limit=-1)', async () => {
    signInAs(['ROLE_ADMIN']);
    const calls = serve();
    renderApp(<App />, { route: '/nutzer/neu' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Arzt' }));
    await chooseOption(/Zugeordneter Arzt/, 'Dr. Anna Berger');
    expect(paths(calls)).toEqual(expect.arrayContaining(['/api/homes?limit=-1', '/api/doctors?limit=-1']));
    expect(paths(calls).some((url) => url.startsWith('/api/users/lookups'))).toBe(false);
  });

  it('offers a home manager the own home only and asks for no doctors', async () => {
    setAuth({ ...demoAuth(['ROLE_HOME', 'ROLE_MANAGER']), home: { _id: HOME, name: 'Haus Sonnenschein' } });
    const calls = serve({ 'GET /api/homes': listOf([home(OTHER_HOME, 'Haus Abendrot', [GROUP_NORD]), ...HOMES]) });
    renderApp(<App />, { route: '/nutzer/neu' });
    await screen.findByRole('heading', { name: 'Neuer Nutzer' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pflegeheim/ })).toHaveTextContent('Haus Sonnenschein'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Pflegeheim/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Haus Sonnenschein']);
    expect(paths(calls).some((url) => url.startsWith('/api/doctors'))).toBe(false);
  });

  it('still opens the form for a caller who may not list homes, without asking for them', async () => {
    const auth = demoAuth(['ROLE_PHARMA', 'ROLE_MANAGER']);
    setAuth({ ...auth, permissions: auth.permissions.filter((p) => !p.startsWith('home_list_view')) });
    const calls = serve();
    renderApp(<App />, { route: '/nutzer/neu' });
    expect(await screen.findByRole('textbox', { name: /^Benutzername/ })).toBeInTheDocument();
    expect(paths(calls).some((url) => url.startsWith('/api/homes'))).toBe(false);
  });
});

describe('username rule', () => {
  it('shows the rule on the field while creating, and Speichern stays disabled', async () => {
    signInAs(['ROLE_ADMIN']);
    serve();
    renderApp(<App />, { route: '/nutzer/neu' });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Benutzername/ }), { target: { value: '<b>x</b> ñ' } });
    expect(await screen.findByText(USER_MESSAGES.usernameCharacters)).toBeInTheDocument();
    expect(usernameField()).toHaveAccessibleDescription(USER_MESSAGES.usernameCharacters);
    expect(saveButton()).toBeDisabled();
    fireEvent.change(usernameField(), { target: { value: 'anna.mueller_2-b' } });
    await waitFor(() => expect(screen.queryByText(USER_MESSAGES.usernameCharacters)).not.toBeInTheDocument());
  });

  it('saves a user whose old username breaks the rule as long as it stays unchanged', async () => {
    signInAs(['ROLE_ADMIN']);
    const user = row({ username: 'Hanna Heim' });
    const calls = serve({ 'GET /api/users/:id': when({ id: user._id }, user), 'PUT /api/users/:id': when({ id: user._id }, user) });
    renderApp(<App />, { route: `/nutzer/${user._id}` });
    expect(await screen.findByRole('textbox', { name: /^Benutzername/ })).toHaveValue('Hanna Heim');
    fireEvent.blur(usernameField());
    expect(screen.queryByText(USER_MESSAGES.usernameCharacters)).not.toBeInTheDocument();
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts).toContainEqual(['Nutzer geändert.', 'success']));
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('username');
  });

  it('refuses changing it into another name that breaks the rule', async () => {
    signInAs(['ROLE_ADMIN']);
    const user = row({ username: 'Hanna Heim' });
    serve({ 'GET /api/users/:id': when({ id: user._id }, user) });
    renderApp(<App />, { route: `/nutzer/${user._id}` });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Benutzername/ }), { target: { value: 'Hanna Heim 2' } });
    expect(await screen.findByText(USER_MESSAGES.usernameCharacters)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });
});

describe('living areas (Wohnbereiche)', () => {
  const TWO_HOMES = [home(OTHER_HOME, 'Haus Abendrot', [GROUP_NORD]), ...HOMES];
  const homeGroupField = () => screen.getByRole('combobox', { name: /^Wohnbereiche/ });
  const closeMenu = async () => {
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  };
  const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);

  it('is disabled with a hint until a home is chosen, offers that home’s areas only, and another home clears the choice', async () => {
    signInAs(['ROLE_ADMIN']);
    const calls = serve({ 'GET /api/homes': listOf(TWO_HOMES), 'POST /api/users': row() });
    renderApp(<App />, { route: '/nutzer/neu' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Heim' }));
    expect(homeGroupField()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Bitte wählen Sie zuerst ein Pflegeheim aus.')).toBeInTheDocument();

    await chooseOption(/Pflegeheim/, 'Haus Sonnenschein');
    await waitFor(() => expect(homeGroupField()).not.toHaveAttribute('aria-disabled'));
    fireEvent.mouseDown(homeGroupField());
    await screen.findByRole('listbox');
    expect(optionNames()).toEqual(['Wohnbereich A', 'Wohnbereich B']);
    fireEvent.click(screen.getByRole('option', { name: 'Wohnbereich A' }));
    fireEvent.click(screen.getByRole('option', { name: 'Wohnbereich B' }));
    await closeMenu();
    expect(homeGroupField()).toHaveTextContent('Wohnbereich AWohnbereich B');

    await chooseOption(/Pflegeheim/, 'Haus Abendrot');
    await waitFor(() => expect(homeGroupField()).not.toHaveTextContent('Wohnbereich A'));
    fireEvent.mouseDown(homeGroupField());
    await screen.findByRole('listbox');
    expect(optionNames()).toEqual(['Wohnbereich Nord']);
    await closeMenu();

    await chooseOption(/Pflegeheim/, 'Haus Sonnenschein');
    await chooseOption(/^Wohnbereiche/, 'Wohnbereich B');
    await closeMenu();
    fireEvent.change(usernameField(), { target: { value: 'paula.pflege' } });
    fireEvent.change(passwordField(), { target: { value: 'Sonne#Mond2024!' } });
    fireEvent.change(confirmField(), { target: { value: 'Sonne#Mond2024!' } });
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ roles: ['ROLE_HOME'], home: HOME, homeGroup: [GROUP_B._id] });
  });

  it('says so when the chosen home has no living areas, and clears them with the Heim role', async () => {
    signInAs(['ROLE_ADMIN']);
    serve({ 'GET /api/homes': listOf([home(HOME, 'Haus Sonnenschein', [])]) });
    renderApp(<App />, { route: '/nutzer/neu' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Heim' }));
    expect(homeGroupField()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Für dieses Pflegeheim sind keine Wohnbereiche angelegt.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Heim' }));
    expect(screen.queryByRole('combobox', { name: /^Wohnbereiche/ })).not.toBeInTheDocument();
  });

  it('starts an edit with the stored areas and shows a server error on the field', async () => {
    signInAs(['ROLE_ADMIN']);
    const user = row({ homeGroup: [GROUP_A._id], homeGroupDetails: [GROUP_A] });
    const calls = serve({
      'GET /api/users/:id': when({ id: user._id }, user),
      'PUT /api/users/:id': when({ id: user._id }, fail(400, [{ path: 'homeGroup', code: 'invalid', message: USER_MESSAGES.homeGroupOtherHome }])),
    });
    renderApp(<App />, { route: `/nutzer/${user._id}` });
    await screen.findByRole('heading', { name: 'Nutzer bearbeiten' });
    await waitFor(() => expect(homeGroupField()).toHaveTextContent('Wohnbereich A'));
    fireEvent.click(saveButton());
    expect(await screen.findByText(USER_MESSAGES.homeGroupOtherHome)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ home: HOME, homeGroup: [GROUP_A._id] });
    expect(toasts).toEqual([]);
  });

  it('shows the names in the list’s "Wohnbereich" column and on the details page', async () => {
    signInAs(['ROLE_ADMIN']);
    const user = row({ homeGroup: [GROUP_A._id, GROUP_B._id], homeGroupDetails: [GROUP_A, GROUP_B] });
    serve({ 'GET /api/users': listOf([user]), 'GET /api/users/:id': when({ id: user._id }, user) });
    const { unmount } = renderApp(<App />, { route: '/nutzer' });
    const table = await screen.findByRole('table', { name: 'Nutzer' });
    expect(within(table).getByRole('columnheader', { name: 'Wohnbereich' })).toBeInTheDocument();
    expect(within(table).getByText('Wohnbereich A, Wohnbereich B')).toBeInTheDocument();
    unmount();
    renderApp(<App />, { route: `/v3/nutzer/details/${user._id}` });
    expect(await screen.findByText('Wohnbereich A, Wohnbereich B')).toBeInTheDocument();
    expect(screen.getByText('Wohnbereiche')).toBeInTheDocument();
  });
});

describe('user form (edit)', () => {
  it('keeps the password fields disabled until "Passwort ändern" and shows who changed it last', async () => {
    signInAs(['ROLE_ADMIN']);
    const user = row();
    const calls = serve({ 'GET /api/users/:id': when({ id: user._id }, user), 'PUT /api/users/:id': when({ id: user._id }, user) });
    renderApp(<App />, { route: `/nutzer/${user._id}` });
    expect(await screen.findByRole('heading', { name: 'Nutzer bearbeiten' })).toBeInTheDocument();
    expect(await screen.findByText(/Zuletzt geändert von Max Mustermann am 02\.03\.2026/)).toBeInTheDocument();
    expect(passwordField()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(passwordField()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Löschen' })).toHaveAttribute('href', `/nutzer/${user._id}/loeschen`);
    fireEvent.click(saveButton());
    await waitFor(() => expect(toasts).toContainEqual(['Nutzer geändert.', 'success']));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).not.toHaveProperty('password');
    expect(put.body).not.toHaveProperty('status');
  });

  it.each([
    { title: 'by the name of who changed it last, with date and time', route: (id: string) => `/nutzer/${id}`, user: row(), line: `Zuletzt geändert von Max Mustermann am ${formatDateTime('2026-03-02T09:30:00.000Z')}` },
    { title: 'in the newer form too', route: (id: string) => `/v3/nutzer/bearbeiten/${id}`, user: row(), line: `Zuletzt geändert von Max Mustermann am ${formatDateTime('2026-03-02T09:30:00.000Z')}` },
    {
      title: 'with the date alone when no author is known (demo data)',
      route: (id: string) => `/nutzer/${id}`,
      user: row({ createdFrom: null, modifiedFrom: null }),
      line: `Zuletzt geändert am ${formatDateTime('2026-03-02T09:30:00.000Z')}`,
    },
  ])('shows the last change $title', async ({ route, user, line }) => {
    signInAs(['ROLE_ADMIN']);
    serve({ 'GET /api/users/:id': when({ id: user._id }, user) });
    renderApp(<App />, { route: route(user._id) });
    expect(await screen.findByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith(line))).toBeInTheDocument();
  });

  it('offers Reaktivieren instead of Speichern and no delete for a deactivated user (newer form)', async () => {
    signInAs(['ROLE_ADMIN']);
    const user = row({ status: 'removed' });
    const calls = serve({ 'GET /api/users/:id': when({ id: user._id }, user), 'PUT /api/users/:id': when({ id: user._id }, { ...user, status: '' }) });
    renderApp(<App />, { route: `/v3/nutzer/bearbeiten/${user._id}` });
    const reactivate = await screen.findByRole('button', { name: 'Reaktivieren' });
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Löschen' })).not.toBeInTheDocument();
    fireEvent.click(reactivate);
    await waitFor(() => expect(toasts).toContainEqual(['User wurde erfolgreich reaktiviert.', 'success']));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ status: '' });
  });
});

describe('user list filters and badges', () => {
  it.each([
    { title: 'admin', roles: ['ROLE_ADMIN'] as Role[], shown: ['Suche', 'Rolle', 'Pflegeheim', 'Arzt', 'Status'], hidden: [] as string[] },
    { title: 'pharma manager', roles: ['ROLE_PHARMA', 'ROLE_MANAGER'] as Role[], shown: ['Rolle', 'Pflegeheim', 'Arzt'], hidden: ['Status'] },
    { title: 'home manager', roles: ['ROLE_HOME', 'ROLE_MANAGER'] as Role[], shown: ['Rolle', 'Arzt'], hidden: ['Pflegeheim', 'Status'] },
    { title: 'doctor manager', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'] as Role[], shown: ['Rolle', 'Pflegeheim'], hidden: ['Arzt', 'Status'] },
  ])('shows the filters for the $title', async ({ roles, shown, hidden }) => {
    signInAs(roles);
    serve();
    renderApp(<App />, { route: '/nutzer' });
    await screen.findByRole('table', { name: 'Nutzer' });
    await waitFor(() => expect(screen.getByLabelText(shown.at(-1)!)).toBeInTheDocument());
    for (const label of shown) expect(screen.getByLabelText(label)).toBeInTheDocument();
    for (const label of hidden) expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
  });

  it('sends the filters as filter[...] and shows "neu" until all are marked as read', async () => {
    signInAs(['ROLE_ADMIN']);
    let seen = false;
    const calls = serve({
      'GET /api/users': () => listOf([row({ seen: seen ? ['u1'] : [] })]),
      'PUT /api/seen/users': () => ((seen = true), { kind: 'user', at: '2026-03-03T00:00:00.000Z' }),
    });
    renderApp(<App />, { route: '/nutzer' });
    const table = await screen.findByRole('table', { name: 'Nutzer' });
    expect(within(table).getByText('neu')).toBeInTheDocument();
    expect(within(table).getByText('Haus Sonnenschein')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Suche'), { target: { value: 'hanna' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('filter%5Btext%5D=hanna'))).toBe(true));
    await chooseOption('Status', 'Deaktiviert');
    await waitFor(() => expect(calls.some((c) => c.url.includes('filter%5Bstatus%5D=removed'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(toasts).toContainEqual(['Alle Nutzer wurden als gelesen markiert', 'success']));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Nutzer' })).queryByText('neu')).not.toBeInTheDocument());
  });
});

describe('delete confirmation', () => {
  it('needs the exact, case-sensitive username before deactivating', async () => {
    signInAs(['ROLE_ADMIN']);
    const user = row();
    const calls = serve({ 'GET /api/users/:id': when({ id: user._id }, user), 'DELETE /api/users/:id': when({ id: user._id }, { ...user, status: 'removed' }) });
    renderApp(<App />, { route: `/nutzer/${user._id}/loeschen` });
    expect(await screen.findByRole('heading', { name: 'Nutzer löschen' })).toBeInTheDocument();
    const field = await screen.findByLabelText('Benutzername zur Bestätigung');
    const button = screen.getByRole('button', { name: 'Löschen' });
    fireEvent.change(field, { target: { value: 'Hanna.Heim' } });
    expect(screen.getByText(USER_MESSAGES.deleteNameMismatch)).toBeInTheDocument();
    expect(button).toBeDisabled();
    fireEvent.change(field, { target: { value: 'hanna.heim' } });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await waitFor(() => expect(toasts).toContainEqual(['Nutzer gelöscht.', 'success']));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/nutzer$/));
  });
});
