import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TASK_MESSAGES, type Role } from '@mediport/contracts';
import { PATIENT_MESSAGES } from '@mediport/validation';
import { renderRoutes } from '../../../masterdata/src/shared/test-harness';
import { preloadPages } from '@mediport/ui';
import { ordersRoutes } from '../routes';
import { fail } from '../../../common/test-utils';
import { authOf, callsTo, D_BERG, D_OWN, makeTask, P_ANNA, T_OLD, wizardServer } from '../features/wizard/testing/wizard-server';

const show = (route: string, roles: Role[] = ['ROLE_PHARMA'], opts: { hasContract?: boolean } = {}) => renderRoutes(ordersRoutes, route, authOf(roles, opts));

// The page's chunk, loaded before the first test as the App module does for an opened page.
beforeAll(() => preloadPages(ordersRoutes, '/v3/anforderung/neu'));
const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const location = () => screen.getByTestId('location').textContent;

/** DD.MM.YYYY of today plus `days`. */
function germanDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

/** Replaces a field's text (pasted at once: typing letter by letter is slow in jsdom). */
async function fill(input: HTMLElement, value: string) {
  await userEvent.clear(input);
  if (value) {
    await userEvent.click(input);
    await userEvent.paste(value);
  }
}

async function choose(label: string, option: string) {
  await userEvent.click(combobox(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Step 1 → 2: search "Müller" and pick Anna. */
async function pickAnna() {
  await fill(combobox('Patient suchen'), 'Müller');
  await userEvent.click(await screen.findByRole('option', { name: /^Müller, Anna \(12\.03\.1941\)/ }));
  await screen.findByRole('heading', { name: 'Bisherige Medikamente' });
}

const chosenPatient = () => screen.getByRole('region', { name: 'Gewählter Patient' });

const activeStep = () => document.querySelector('.MuiStepLabel-label.Mui-active')?.textContent;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('order wizard: steps', () => {
  beforeEach(() => localStorage.clear());

  it('shows the three steps; choosing an existing patient advances to the medicine step with the past medicines', async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    expect(screen.getByRole('heading', { name: 'Neue Anforderung' })).toBeInTheDocument();
    expect(['Patient', 'Medikament', 'Auftrag'].every((s) => screen.getByText(s, { selector: '.MuiStepLabel-label' }))).toBe(true);
    expect(activeStep()).toBe('Patient');
    await pickAnna();
    expect(activeStep()).toBe('Medikament');
    // The chosen patient stands out: name, birth date, home and living area.
    expect(chosenPatient()).toHaveTextContent('Anna Müller');
    expect(chosenPatient()).toHaveTextContent('geb. 12.03.1941 · Haus Sonnenblick · Wohnbereich Rosen');
    expect(screen.getByRole('button', { name: 'Nachbestellen: Ibuprofen 400, 1-0-1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nachbestellen: Pantoprazol 20, 1-0-0' })).toBeInTheDocument();
  });

  it("re-order fills medicine, dose, group, type, amount and doctor from that medicine's latest order and advances", async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    await pickAnna();
    await userEvent.click(screen.getByRole('button', { name: 'Nachbestellen: Ibuprofen 400, 1-0-1' }));
    expect(activeStep()).toBe('Auftrag');
    expect(combobox('Medikament')).toHaveValue('Ibuprofen 400');
    expect(combobox('Dosierung/Darreichungsform')).toHaveValue('1-0-1');
    expect(combobox('Gruppe')).toHaveTextContent('Medikament');
    expect(combobox('Menge')).toHaveTextContent('3');
    expect(combobox('Auftragsart')).toHaveTextContent('Selbstkauf');
    expect(combobox('Arzt')).toHaveValue('Dr. Anna Berg');
  });

  it('re-order of a medicine whose latest order had no doctor leaves the doctor empty', async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    await pickAnna();
    await userEvent.click(screen.getByRole('button', { name: 'Nachbestellen: Pantoprazol 20, 1-0-0' }));
    expect(combobox('Menge')).toHaveTextContent('1');
    expect(combobox('Auftragsart')).toHaveTextContent('Auftrag');
    expect(combobox('Arzt')).toHaveValue('');
  });

  it('"Anderen Patienten wählen" goes back to the search; the new choice replaces the old one', async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    await pickAnna();
    await userEvent.click(within(chosenPatient()).getByRole('button', { name: 'Anderen Patienten wählen' }));
    expect(activeStep()).toBe('Patient');
    await fill(combobox('Patient suchen'), 'Schulz');
    await userEvent.click(await screen.findByRole('option', { name: /^Schulz, Bernd/ }));
    expect(chosenPatient()).toHaveTextContent('Bernd Schulz');
    expect(chosenPatient()).toHaveTextContent('geb. 01.07.1938 · Haus Sonnenblick');
  });

  it('"Neues Medikament" advances with empty fields and the type of the patient\'s latest order; saving shows the rules at their fields and sends nothing', async () => {
    const { calls } = wizardServer();
    show('/v3/anforderung/neu');
    await pickAnna();
    await userEvent.click(screen.getByRole('button', { name: 'Neues Medikament' }));
    expect(activeStep()).toBe('Auftrag');
    expect(combobox('Medikament')).toHaveValue('');
    expect(combobox('Auftragsart')).toHaveTextContent('Selbstkauf');
    await save();
    expect(combobox('Medikament')).toHaveAccessibleDescription(TASK_MESSAGES.medicineRequired);
    expect(combobox('Dosierung/Darreichungsform')).toHaveAccessibleDescription(TASK_MESSAGES.doseRequired);
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Speichern & Neuen Auftrag' })).toBeDisabled();
    expect(callsTo(calls, 'POST', '/api/tasks')).toHaveLength(0);
  });

  it('the medicine field suggests earlier medicines', async () => {
    wizardServer();
    show('/anforderung/neu/' + P_ANNA);
    await screen.findByRole('heading', { name: 'Bisherige Medikamente' });
    await userEvent.click(screen.getByRole('button', { name: 'Neues Medikament' }));
    await userEvent.click(combobox('Medikament'));
    await userEvent.click(await screen.findByRole('option', { name: 'Insulin' }));
    expect(combobox('Medikament')).toHaveValue('Insulin');
  });
});

describe('order wizard: a picker offers only what belongs to the text typed', () => {
  beforeEach(() => localStorage.clear());

  /** Holds back the answers to patient searches until `release()`; the other calls answer at once. */
  function holdPatientSearches() {
    const answer = global.fetch;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (/\/api\/patients\?/.test(String(input))) await gate;
      return answer(input, init);
    }) as typeof fetch;
    return { release };
  }

  it('typing fast and pressing ↓ Enter at once never picks a patient of the text before; once the answer for the text is there, ↓ Enter picks it', async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    const user = userEvent.setup({ delay: null });
    // The unfiltered list (Anna Müller first) is on screen before typing starts.
    await user.click(combobox('Patient suchen'));
    await screen.findByRole('option', { name: /^Müller, Anna/ });
    await user.type(combobox('Patient suchen'), 'Schulz{ArrowDown}{Enter}');
    expect(activeStep()).toBe('Patient');
    expect(screen.queryByRole('option', { name: /^Müller, Anna/ })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: /^Schulz, Bernd/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosenPatient()).toHaveTextContent('Bernd Schulz');
  });

  it('while the answer for the typed text is on its way the picker offers nothing and says it is loading', async () => {
    wizardServer();
    const held = holdPatientSearches();
    show('/v3/anforderung/neu');
    const user = userEvent.setup({ delay: null });
    await user.click(combobox('Patient suchen'));
    await user.type(combobox('Patient suchen'), 'Schulz');
    expect(await screen.findByText('Lade Daten...')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(activeStep()).toBe('Patient');
    held.release();
    expect(await screen.findByRole('option', { name: /^Schulz, Bernd/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Müller, Anna/ })).not.toBeInTheDocument();
  });

  it('the doctor and medicine pickers never take an option of older text on a fast ↓ Enter', async () => {
    const { calls } = wizardServer();
    show(`/anforderung/neu/${P_ANNA}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Neues Medikament' }));
    const user = userEvent.setup({ delay: null });
    // Medicine: the earlier suggestions are on screen; "Asp" typed fast stays "Asp".
    await user.click(combobox('Medikament'));
    await screen.findByRole('option', { name: 'Ibuprofen 400' });
    await user.type(combobox('Medikament'), 'Asp{ArrowDown}{Enter}');
    expect(combobox('Medikament')).toHaveValue('Asp');
    // Doctor: the unfiltered doctors are on screen; "Kraus" typed fast chooses no one.
    await user.click(combobox('Arzt'));
    await screen.findByRole('option', { name: 'Dr. Anna Berg, Berlin' });
    await user.type(combobox('Arzt'), 'Kraus{ArrowDown}{Enter}{Escape}');
    await user.tab();
    await choose('Auftragsart', 'Auftrag');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('button', { name: 'Speichern' }));
    expect(combobox('Arzt')).toHaveAccessibleDescription(TASK_MESSAGES.doctorRequired);
    expect(callsTo(calls, 'POST', '/api/tasks')).toHaveLength(0);
  });

  it('"Neues Medikament" for a patient without earlier orders starts with the type "Auftrag"', async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    await fill(combobox('Patient suchen'), 'Schulz');
    await userEvent.click(await screen.findByRole('option', { name: /^Schulz, Bernd/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Neues Medikament' }));
    expect(combobox('Auftragsart')).toHaveTextContent('Auftrag');
  });
});

describe('order wizard: saving', () => {
  beforeEach(() => localStorage.clear());

  async function orderSelfPurchase() {
    await pickAnna();
    await userEvent.click(screen.getByRole('button', { name: 'Nachbestellen: Ibuprofen 400, 1-0-1' }));
    await choose('Menge', '3');
    await choose('Auftragsart', 'Selbstkauf');
    await fill(textbox('Spätestens liefern bis'), germanDate(3));
  }

  it('"Speichern" posts the order, toasts "Auftrag angelegt" and goes to /anforderungen with the new order in sight', async () => {
    const { calls, store } = wizardServer();
    show('/v3/anforderung/neu');
    await orderSelfPurchase();
    await save();
    expect(await screen.findByText('Auftrag angelegt')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/tasks')[0]!.body).toEqual({
      patient: P_ANNA,
      type: 2,
      group: 'medicine',
      medicine: 'Ibuprofen 400',
      dose: '1-0-1',
      amount: 3,
      latestDelivery: germanDate(3),
      doctor: D_BERG,
    });
    // The list opens with the new order pinned in sight.
    const id = (store.at(-1) as { _id: string })._id;
    await waitFor(() => expect(location()).toBe(`/anforderungen?created=${id}`));
  });

  it('"Speichern & Neuen Auftrag" goes to the patient\'s orders', async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    await orderSelfPurchase();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern & Neuen Auftrag' }));
    expect(await screen.findByText('Auftrag angelegt')).toBeInTheDocument();
    await waitFor(() => expect(location()).toMatch(new RegExp(`^/anforderung/patient/${P_ANNA}\\?created=e0`)));
  });

  it('an existing doctor is chosen in the picker', async () => {
    const { calls } = wizardServer();
    show('/v3/anforderung/neu');
    await orderSelfPurchase();
    await choose('Auftragsart', 'Auftrag');
    await choose('Arzt', 'Dr. Anna Berg, Berlin');
    await save();
    expect(await screen.findByText('Auftrag angelegt')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/tasks')[0]!.body).toMatchObject({ type: 1, doctor: D_BERG });
  });

  it('shows a server error at its field', async () => {
    wizardServer({ routes: { 'POST /api/tasks': () => fail(400, 'Das Lieferdatum passt nicht.', 'latestDelivery') } });
    show('/v3/anforderung/neu');
    await orderSelfPurchase();
    await save();
    await waitFor(() => expect(textbox('Spätestens liefern bis')).toHaveAccessibleDescription('Das Lieferdatum passt nicht.'));
    expect(location()).toBe('/v3/anforderung/neu');
  });
});

describe('order wizard: the order form rules', () => {
  beforeEach(() => localStorage.clear());

  async function toOrderStep(patient: 'Müller' | 'Schulz') {
    await fill(combobox('Patient suchen'), patient);
    await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${patient}`) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Neues Medikament' }));
    await fill(combobox('Medikament'), 'Aspirin');
    await fill(combobox('Dosierung/Darreichungsform'), '100 mg');
  }

  it('latestDelivery in the past', async () => {
    const { calls } = wizardServer();
    show('/v3/anforderung/neu');
    await toOrderStep('Müller');
    await choose('Auftragsart', 'Selbstkauf');
    await fill(textbox('Spätestens liefern bis'), '01.01.2020');
    await userEvent.tab();
    expect(textbox('Spätestens liefern bis')).toHaveAccessibleDescription(TASK_MESSAGES.latestDeliveryPast);
    await save();
    expect(callsTo(calls, 'POST', '/api/tasks')).toHaveLength(0);
  });

  it.each([
    ['Auftrag', 1],
    ['Rezept in Arztpraxis', 4],
  ])('type %s needs a doctor', async (label) => {
    const { calls } = wizardServer();
    show('/v3/anforderung/neu');
    await toOrderStep('Müller');
    await choose('Auftragsart', label);
    await save();
    expect(combobox('Arzt')).toHaveAccessibleDescription(TASK_MESSAGES.doctorRequired);
    expect(callsTo(calls, 'POST', '/api/tasks')).toHaveLength(0);
  });

  it('type 3 for a patient without a living area', async () => {
    wizardServer();
    show('/v3/anforderung/neu');
    await toOrderStep('Schulz');
    await choose('Auftragsart', 'Rezept in Wohnbereich');
    expect(combobox('Auftragsart')).toHaveAccessibleDescription('Weisen Sie dem Patienten erst einen Wohnbereich zu.');
    await choose('Auftragsart', 'Selbstkauf');
    expect(combobox('Auftragsart')).not.toHaveAccessibleDescription('Weisen Sie dem Patienten erst einen Wohnbereich zu.');
  });

  it('an amount outside 1–100 (an old order copied) shows its message', async () => {
    wizardServer({ tasks: [makeTask({ amount: 0 })] });
    show(`/v3/anforderung/neu/${T_OLD}`);
    expect(await screen.findByRole('combobox', { name: 'Menge' })).toHaveTextContent('0');
    await save();
    expect(combobox('Menge')).toHaveAccessibleDescription(TASK_MESSAGES.amount);
    await choose('Menge', '5');
    expect(combobox('Menge')).not.toHaveAccessibleDescription(TASK_MESSAGES.amount);
  });
});

describe('order wizard: new patient and new doctor', () => {
  beforeEach(() => localStorage.clear());

  it('creates a patient inside the wizard and goes on with it', async () => {
    const { calls } = wizardServer();
    show('/v3/anforderung/neu');
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Patient' }));
    const form = screen.getByRole('form', { name: 'Neuer Patient' });
    await fill(within(form).getByRole('textbox', { name: 'Vorname' }), 'Doris');
    await fill(within(form).getByRole('textbox', { name: 'Nachname' }), 'Neumann');
    await fill(within(form).getByRole('textbox', { name: 'Geburtsdatum' }), germanDate(2));
    await userEvent.click(within(form).getByRole('button', { name: 'Patient anlegen' }));
    expect(within(form).getByRole('textbox', { name: 'Geburtsdatum' })).toHaveAccessibleDescription(PATIENT_MESSAGES.dateOfBirthFuture);
    expect(within(form).getByRole('combobox', { name: 'Pflegeeinrichtung' })).toHaveAccessibleDescription(PATIENT_MESSAGES.homeRequired);
    await fill(within(form).getByRole('textbox', { name: 'Geburtsdatum' }), '05.05.1945');
    await choose('Pflegeeinrichtung', 'Haus Sonnenblick');
    await choose('Wohnbereich', 'Wohnbereich Rosen');
    await userEvent.click(within(form).getByRole('button', { name: 'Patient anlegen' }));
    expect(await screen.findByText('Patient gespeichert.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/patients')[0]!.body).toEqual({ firstname: 'Doris', lastname: 'Neumann', dateOfBirth: '05.05.1945', homepatient: true, home: expect.any(String), homeGroup: expect.any(String) });
    expect(await screen.findByText('Für diesen Patienten gibt es noch keine Aufträge.')).toBeInTheDocument();
    expect(activeStep()).toBe('Medikament');
  });

  it('asks before creating a possible duplicate', async () => {
    const { calls } = wizardServer();
    show('/v3/anforderung/neu', ['ROLE_HOME']);
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Patient' }));
    const form = screen.getByRole('form', { name: 'Neuer Patient' });
    // A home user's home is fixed.
    expect(within(form).getByRole('textbox', { name: 'Pflegeeinrichtung' })).toHaveValue('Haus Sonnenblick');
    await fill(within(form).getByRole('textbox', { name: 'Vorname' }), 'anna');
    await fill(within(form).getByRole('textbox', { name: 'Nachname' }), 'müller');
    await fill(within(form).getByRole('textbox', { name: 'Geburtsdatum' }), '12.03.1941');
    await userEvent.click(within(form).getByRole('button', { name: 'Patient anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Patient bereits vorhanden?' });
    expect(dialog).toHaveTextContent(PATIENT_MESSAGES.duplicate);
    // A double click on the confirmation (its dialog still fading out) creates the patient once.
    const confirm = within(dialog).getByRole('button', { name: 'Trotzdem anlegen' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Patient gespeichert.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/patients')).toHaveLength(1);
  });

  it('creates a new doctor first, then the order with it', async () => {
    const { calls } = wizardServer();
    show(`/anforderung/neu/${P_ANNA}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Nachbestellen: Ibuprofen 400, 1-0-1' }));
    await choose('Auftragsart', 'Auftrag');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Neuer Arzt' }));
    expect(screen.queryByRole('combobox', { name: 'Arzt' })).not.toBeInTheDocument();
    await save();
    expect(textbox('Nachname des Arztes')).toHaveAccessibleDescription('Nachname ist erforderlich');
    await fill(textbox('Nachname des Arztes'), 'Kraus');
    await choose('Kontaktart', 'Fax');
    await fill(textbox('Fax'), '12345');
    expect(textbox('Fax')).toHaveAccessibleDescription('Bitte geben Sie die Faxnummer mit Vorwahl an.');
    await fill(textbox('Fax'), '030 987654');
    await save();
    expect(await screen.findByText('Auftrag angelegt')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/doctors')[0]!.body).toEqual({ firstname: '', lastname: 'Kraus', preferred: 'Fax', fax: '030 987654' });
    const created = callsTo(calls, 'POST', '/api/tasks')[0]!.body as { doctor: string };
    expect(created.doctor).toMatch(/^d0/);
    expect(created.doctor).not.toBe(D_BERG);
  });

  it('a doctor user orders for its own practice; "Neuer Arzt" needs doctor_create_view', async () => {
    wizardServer();
    show(`/anforderung/neu/${P_ANNA}`, ['ROLE_DOCTOR']);
    await userEvent.click(await screen.findByRole('button', { name: 'Neues Medikament' }));
    expect(textbox('Arzt (Ihre Praxis)')).toHaveValue('Dr. Olaf Eigen');
    expect(screen.queryByRole('checkbox', { name: 'Neuer Arzt' })).not.toBeInTheDocument();
  });

  it('a doctor user sends its own practice as the doctor', async () => {
    const { calls } = wizardServer();
    show(`/anforderung/neu/${P_ANNA}`, ['ROLE_DOCTOR']);
    await userEvent.click(await screen.findByRole('button', { name: 'Nachbestellen: Ibuprofen 400, 1-0-1' }));
    await choose('Auftragsart', 'Rezept in Arztpraxis');
    await save();
    expect(await screen.findByText('Auftrag angelegt')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/tasks')[0]!.body).toMatchObject({ type: 4, doctor: D_OWN });
  });
});

describe('order wizard: copy and edit', () => {
  beforeEach(() => localStorage.clear());

  it.each([`/v3/anforderung/neu/${T_OLD}`, `/anforderung/neu/${P_ANNA}/${T_OLD}`])('%s copies the order into a new one (without the old date)', async (route) => {
    const { calls } = wizardServer();
    show(route);
    expect(await screen.findByRole('heading', { name: 'Auftrag nachbestellen' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Medikament' })).toHaveValue('Ibuprofen 400');
    expect(activeStep()).toBe('Auftrag');
    expect(combobox('Dosierung/Darreichungsform')).toHaveValue('1-0-1');
    expect(combobox('Menge')).toHaveTextContent('2');
    expect(combobox('Auftragsart')).toHaveTextContent('Auftrag');
    expect(combobox('Arzt')).toHaveValue('Dr. Anna Berg');
    expect(textbox('Spätestens liefern bis')).toHaveValue('');
    await save();
    expect(await screen.findByText('Auftrag angelegt')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/tasks')[0]!.body).toMatchObject({ patient: P_ANNA, medicine: 'Ibuprofen 400', amount: 2, type: 1, doctor: D_BERG });
    expect(callsTo(calls, 'PUT', `/api/tasks/${T_OLD}`)).toHaveLength(0);
  });

  it.each([`/v3/anforderungen/bearbeiten/${T_OLD}`, `/anforderung/edit/${P_ANNA}/${T_OLD}`])('%s edits the order: starts at step 2, keeps its old date, saves with PUT', async (route) => {
    const { calls, store } = wizardServer({ tasks: [makeTask({ status: 'new' })] });
    show(route);
    expect(await screen.findByRole('heading', { name: 'Auftrag bearbeiten' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Bisherige Medikamente' });
    expect(activeStep()).toBe('Medikament');
    // The patient stays in an edit.
    expect(screen.queryByRole('button', { name: 'Patient' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter mit diesem Auftrag: Ibuprofen 400, 1-0-1' }));
    expect(textbox('Spätestens liefern bis')).toHaveValue('01.02.2026');
    await choose('Menge', '4');
    await save();
    expect(await screen.findByText('Auftrag geändert')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/tasks/${T_OLD}`)[0]!.body).toMatchObject({ amount: 4, latestDelivery: '01.02.2026', patient: P_ANNA });
    expect(store[0]!.amount).toBe(4);
    await waitFor(() => expect(location()).toBe('/anforderungen'));
  });

  it('an unknown order shows the not-found message', async () => {
    wizardServer();
    show('/v3/anforderungen/bearbeiten/t0000000-0000-4000-8000-00000000dead');
    expect(await screen.findByText('Der Datensatz wurde nicht gefunden oder Sie haben keinen Zugriff darauf.')).toBeInTheDocument();
  });
});

describe('order wizard: rights', () => {
  beforeEach(() => localStorage.clear());

  it.each(['/v3/anforderung/neu', `/anforderung/neu/${P_ANNA}`, `/v3/anforderung/neu/${T_OLD}`])('%s: a doctor without contract gets "Vertrag benötigt!"', (route) => {
    wizardServer();
    show(route, ['ROLE_DOCTOR'], { hasContract: false });
    expect(screen.getByText('Vertrag benötigt!')).toBeInTheDocument();
    expect(screen.queryByText('Patient suchen')).not.toBeInTheDocument();
  });

  it('a user without the right is sent away', async () => {
    wizardServer();
    show('/v3/anforderung/neu', ['ROLE_DRIVER']);
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('without patient_create_view there is no "Neuer Patient"', async () => {
    wizardServer();
    show('/v3/anforderung/neu', ['ROLE_DOCTOR']);
    expect(combobox('Patient suchen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neuer Patient' })).not.toBeInTheDocument();
  });
});

describe('order wizard: edit without the right to place orders', () => {
  beforeEach(() => localStorage.clear());

  it('a home without contract edits its order without the re-order list', async () => {
    const { calls } = wizardServer({ tasks: [makeTask({ status: 'new' })] });
    show(`/v3/anforderungen/bearbeiten/${T_OLD}`, ['ROLE_HOME'], { hasContract: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter mit diesem Auftrag: Ibuprofen 400, 1-0-1' }));
    expect(screen.queryByRole('heading', { name: 'Bisherige Medikamente' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', `/api/patients/${P_ANNA}/medicine`)).toHaveLength(0);
    expect(combobox('Medikament')).toHaveValue('Ibuprofen 400');
  });
});
