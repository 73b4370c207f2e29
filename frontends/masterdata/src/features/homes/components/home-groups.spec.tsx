import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { HOME_MESSAGES } from '@mediport/validation';
import { GROUP_A, GROUP_B, HOME_ID, homeServer, makeHome, show, loadHomePages } from '../home-test-server';

// The pages' chunks, loaded once before the tests (a warmed-up app has them).
beforeAll(loadHomePages);

// Typing and re-rendering MUI forms is slow on a busy two-core machine.

const GROUPS_TAB = `/einrichtung/${HOME_ID}?tab=wohnbereich`;
const location = () => screen.getByTestId('location');
const newGroup = () => screen.getByLabelText('Neuer Wohnbereich', { selector: 'input' });
const groupRows = () => within(screen.getByRole('table', { name: 'Wohnbereiche' })).getAllByRole('row').slice(1);

describe('Wohnbereich tab', () => {
  beforeEach(() => localStorage.clear());

  it('lists the living areas and adds one with Enter (not saving the home)', async () => {
    const { calls } = homeServer();
    show(['ROLE_HOME', 'ROLE_MANAGER'], GROUPS_TAB);
    expect(await screen.findByRole('tab', { name: 'Wohnbereich' })).toHaveAttribute('aria-selected', 'true');
    expect(groupRows().map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent))).toEqual([
      ['Wohnbereich A', '3'],
      ['Wohnbereich B', '0'],
    ]);
    await userEvent.type(newGroup(), 'Wohnbereich C{Enter}');
    expect(await screen.findByText('Wohnbereich angelegt')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/homes/${HOME_ID}/groups`);
    expect(post.body).toEqual({ name: 'Wohnbereich C' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() => expect(groupRows()).toHaveLength(3));
    expect(newGroup()).toHaveValue('');
  });

  it('keeps a name typed for the next living area while the added one is still being confirmed', async () => {
    homeServer();
    show(['ROLE_ADMIN'], GROUPS_TAB);
    await screen.findByRole('tab', { name: 'Wohnbereich' });
    // The home is read again after the add; hold that answer, as a slow network would.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET' && String(input).startsWith(`/api/homes/${HOME_ID}`)) await held;
      return answer(input, init);
    }) as typeof fetch;
    await userEvent.type(newGroup(), 'Wohnbereich C{Enter}');
    await userEvent.clear(newGroup());
    await userEvent.type(newGroup(), 'Wohnbereich D');
    release();
    await waitFor(() => expect(groupRows()).toHaveLength(3));
    expect(await screen.findByText('Wohnbereich angelegt')).toBeInTheDocument();
    expect(newGroup()).toHaveValue('Wohnbereich D');
  });

  it('asks for a name and shows the server refusal of a taken one at the field', async () => {
    const { calls } = homeServer();
    show(['ROLE_ADMIN'], GROUPS_TAB);
    await userEvent.click(await screen.findByRole('button', { name: 'Hinzufügen' }));
    expect(newGroup()).toHaveAccessibleDescription(HOME_MESSAGES.homeGroupNameRequired);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(newGroup(), 'Wohnbereich A');
    await userEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(newGroup()).toHaveAccessibleDescription(MASTERDATA_API_MESSAGES.homeGroupTaken));
  });

  it('keeps add and delete visible but disabled without groupsEditable', async () => {
    homeServer([makeHome({ editable: false, deletable: false, senderEditable: false, groupsEditable: false })]);
    show(['ROLE_HOME'], GROUPS_TAB);
    expect(await screen.findByText('Wohnbereiche können nur Administratoren und Manager anlegen und löschen.')).toBeInTheDocument();
    expect(newGroup()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wohnbereich A löschen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wohnbereich B löschen' })).toBeDisabled();
  });
});

describe('Living-area deletion /einrichtung/{id}/wohnbereich/{groupId}/loeschen', () => {
  beforeEach(() => localStorage.clear());

  it('deletes an unused living area from the tab and returns to the Wohnbereich tab', async () => {
    const { calls } = homeServer();
    show(['ROLE_ADMIN'], GROUPS_TAB);
    await userEvent.click(await screen.findByRole('button', { name: 'Wohnbereich B löschen' }));
    expect(location()).toHaveTextContent(`/einrichtung/${HOME_ID}/wohnbereich/${GROUP_B}/loeschen`);
    expect(await screen.findByRole('heading', { name: 'Wohnbereich löschen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Wohnbereich', { selector: 'input' })).toHaveValue('Wohnbereich B');
    expect(screen.getByLabelText('Wohnbereich', { selector: 'input' })).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Einrichtung', { selector: 'input' })).toHaveValue('Haus Sonnenblick');
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Wohnbereich gelöscht')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(`/api/homegroups/${GROUP_B}`);
    await waitFor(() => expect(location()).toHaveTextContent(GROUPS_TAB));
    expect(await screen.findByRole('tab', { name: 'Wohnbereich' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(groupRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Wohnbereich A']));
  });

  it('stays on the page with the German message when patients still live in the area (409)', async () => {
    const { store } = homeServer();
    show(['ROLE_PHARMA'], `/einrichtung/${HOME_ID}/wohnbereich/${GROUP_A}/loeschen`);
    expect(await screen.findByText('Diesem Wohnbereich sind noch 3 Patienten zugeordnet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText(MASTERDATA_API_MESSAGES.homeGroupInUse)).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/einrichtung/${HOME_ID}/wohnbereich/${GROUP_A}/loeschen`);
    expect(store[0]!.homeGroups).toHaveLength(2);
  });

  it('opens for a doctor read-only, with Löschen disabled', async () => {
    homeServer([makeHome({ editable: false, deletable: false, senderEditable: false, groupsEditable: false })]);
    show(['ROLE_DOCTOR'], `/einrichtung/${HOME_ID}/wohnbereich/${GROUP_B}/loeschen`);
    expect(await screen.findByLabelText('Wohnbereich', { selector: 'input' })).toHaveValue('Wohnbereich B');
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeDisabled();
    await userEvent.click(screen.getByRole('link', { name: 'Abbrechen' }));
    expect(location()).toHaveTextContent(GROUPS_TAB);
  });

  it('says the living area was not found for an unknown id', async () => {
    homeServer();
    show(['ROLE_ADMIN'], `/einrichtung/${HOME_ID}/wohnbereich/99999999-9999-4999-8999-999999999999/loeschen`);
    expect(await screen.findByText('Der Datensatz wurde nicht gefunden oder Sie haben keinen Zugriff darauf.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
  });
});
