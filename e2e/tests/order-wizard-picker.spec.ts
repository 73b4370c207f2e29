import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DoctorDto, PatientDto, TaskDto } from '@mediport/contracts';
import { apiSession, signInFast } from '../support/layout.js';

// A nurse types a resident's name fast and presses ↓ Enter at once: the wizard must never pick a
// resident of the text before (the unfiltered list is still on screen while the search runs).
// Then a re-order of the resident's earlier medicine keeps doctor, type, dose and amount.

const run = Date.now().toString(36).slice(-5);

const DEVICES = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
] as const;

/** A resident of heim's home whose name no demo resident shares, with one earlier order for a doctor. */
async function residentWithOrder(request: APIRequestContext, tag: string): Promise<{ patient: PatientDto; doctor: DoctorDto; medicine: string }> {
  const headers = await apiSession(request, 'heim');
  const lastname = `Wolfram${tag}${run}`;
  const created = await request.post('/api/patients', { headers, data: { firstname: 'Walburga', lastname, dateOfBirth: '07.08.1936' } });
  expect(created.status(), await created.text()).toBe(201);
  const patient = (await created.json()) as PatientDto;
  const doctors = await request.get('/api/doctors?limit=1&sort=lastname', { headers: await apiSession(request, 'apotheke') });
  const doctor = ((await doctors.json()) as { data: DoctorDto[] }).data[0]!;
  const medicine = `Torasemid ${tag} ${run}`;
  const order = await request.post('/api/tasks', { headers: await apiSession(request, 'apotheke'), data: { patient: patient._id, type: 4, group: 'medicine', medicine, dose: '1-0-0', amount: 3, doctor: doctor._id } });
  expect(order.status(), await order.text()).toBe(201);
  return { patient, doctor, medicine };
}

/** With E2E_SCREENSHOTS=1 the step is saved as a PNG under test-results/ for a look. */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

const search = (page: Page) => page.getByRole('combobox', { name: 'Patient suchen' });
const chosen = (page: Page) => page.getByRole('region', { name: 'Gewählter Patient' });

for (const device of DEVICES) {
  test.describe(`order wizard on the ${device.name}`, () => {
    test.use(device.options);

    test('typing a name fast and pressing ↓ Enter at once chooses only a patient of that name; re-order keeps doctor, type and amount', async ({ page, request }) => {
      const { patient, doctor, medicine } = await residentWithOrder(request, device.name === 'phone' ? 'p' : 'd');
      await signInFast(page, page.request, 'heim');
      await page.goto('/v3/anforderung/neu');
      // The unfiltered list is open first, as when the nurse taps the field.
      await search(page).click();
      await expect(page.getByRole('option').first()).toBeVisible();
      await search(page).pressSequentially(patient.lastname, { delay: 15 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');

      // Either nothing was chosen yet (the answer for the name was still on its way) …
      if (!(await chosen(page).isVisible())) {
        await expect(page.getByRole('option', { name: new RegExp(`^${patient.lastname}, Walburga`) })).toBeVisible();
        await expect(page.getByRole('option')).toHaveCount(1);
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
      }
      // … or, in any case now, exactly that patient: name, birth date and home in sight.
      await expect(chosen(page)).toContainText(`Walburga ${patient.lastname}`);
      await expect(chosen(page)).toContainText('geb. 07.08.1936');
      await expect(chosen(page)).toContainText('Haus Sonnenschein');
      await shoot(page, `wizard-chosen-${device.name}`);

      await page.getByRole('button', { name: `Nachbestellen: ${medicine}, 1-0-0` }).click();
      await expect(page.getByRole('combobox', { name: 'Medikament' })).toHaveValue(medicine);
      await expect(page.getByRole('combobox', { name: 'Menge' })).toHaveText('3');
      await expect(page.getByRole('combobox', { name: 'Auftragsart' })).toHaveText('Rezept in Arztpraxis');
      await expect(page.getByRole('combobox', { name: 'Arzt' })).toHaveValue([doctor.title, doctor.firstname, doctor.lastname].filter(Boolean).join(' '));
      await shoot(page, `wizard-reorder-${device.name}`);

      await page.getByRole('button', { name: 'Speichern', exact: true }).click();
      await expect(page).toHaveURL(/\/anforderungen\?created=[0-9a-f-]{36}$/);
      const id = new URL(page.url()).searchParams.get('created')!;
      const saved = await request.get(`/api/tasks/${id}`, { headers: await apiSession(request, 'heim') });
      expect((await saved.json()) as TaskDto).toMatchObject({ patient: patient._id, medicine, amount: 3, type: 4, doctor: doctor._id });
    });

    test('"Anderen Patienten wählen" goes back to the search', async ({ page, request }) => {
      const { patient } = await residentWithOrder(request, device.name === 'phone' ? 'q' : 'e');
      await signInFast(page, page.request, 'heim');
      await page.goto(`/anforderung/neu/${patient._id}`);
      await expect(chosen(page)).toContainText(patient.lastname);
      await chosen(page).getByRole('button', { name: 'Anderen Patienten wählen' }).click();
      await expect(search(page)).toBeVisible();
      const box = await chosen(page).count();
      expect(box).toBe(0);
    });
  });
}
