import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { PASSWORD_MESSAGES } from '@mediport/validation';
import { FIELD_MESSAGES } from '@mediport/validation';
import { sql } from 'drizzle-orm';
import { AuditService } from '../../core/audit/audit.service.js';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { DEMO_PASSWORD, login, type TestDatabase, useTestApp } from '../../testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
const api = () => request(app.getHttpServer());
const NEW_PASSWORD = 'Sonne#Mond2024!';

useTestApp(async (booted) => {
  ({ app, db } = booted);
});

describe('GET /api/users/:id/profile', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/users/00000000-0000-4000-8000-000000000000/profile')).status).toBe(401);
  });

  it('answers the own profile', async () => {
    const heim = await login(app, 'heim');
    const res = await api().get(`/api/users/${heim.user._id}/profile`).set('x-auth-token', heim.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: heim.user._id, username: 'heim', roles: ['ROLE_HOME'], home: heim.home!._id });
    expect(res.body).not.toHaveProperty('passwordHash');
  });

  it('lets the admin (user-edit-btn) read another profile', async () => {
    const admin = await login(app, 'admin');
    const heim = await login(app, 'heim');
    expect((await api().get(`/api/users/${heim.user._id}/profile`).set('x-auth-token', admin.token)).status).toBe(200);
  });

  it.each([
    // Not theirs to see: 404, like the users route (a record the caller may not see is 404 everywhere).
    { title: 'fahrer reading the home user', caller: 'fahrer', target: 'heim', status: 404 },
    { title: 'heim reading the doctor user', caller: 'heim', target: 'arzt', status: 404 },
  ])('refuses $title with $status', async ({ caller, target, status }) => {
    const c = await login(app, caller);
    const t = await login(app, target);
    expect((await api().get(`/api/users/${t.user._id}/profile`).set('x-auth-token', c.token)).status).toBe(status);
  });

  it('answers 404 for a malformed id', async () => {
    const admin = await login(app, 'admin');
    expect((await api().get('/api/users/kein-id/profile').set('x-auth-token', admin.token)).status).toBe(404);
  });
});

describe('PUT /api/users/:id/profile', () => {
  it('requires sign-in', async () => {
    expect((await api().put('/api/users/00000000-0000-4000-8000-000000000000/profile').send({ firstname: 'X' })).status).toBe(401);
  });

  it('saves the profile fields (JSON)', async () => {
    const fahrer = await login(app, 'fahrer');
    const res = await api()
      .put(`/api/users/${fahrer.user._id}/profile`)
      .set('x-auth-token', fahrer.token)
      .send({ salutation: 'mr', title: 'Dipl.', firstname: 'Fritz', lastname: 'Fahrer', street: 'Weg 1', postalCode: '12345', city: 'Köln', country: 'Deutschland', username: 'ignoriert' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ salutation: 'mr', firstname: 'Fritz', postalCode: '12345', city: 'Köln', username: 'fahrer' });
    expect(res.body.user.modifiedFrom).toEqual({ _id: fahrer.user._id, username: 'fahrer', name: 'Fritz Fahrer' });
    expect(res.body.auth).toBeUndefined();
  });

  it('saves the own text snippets (a pharmacist without user-edit-btn too); refuses bad ones and another user\'s', async () => {
    const apotheke = await login(app, 'apotheke');
    const heim = await login(app, 'heim');
    const snippets = [{ name: 'Standard', subject: 'Rezeptanforderung', content: '<p>Bitte um Rezepte.</p>' }];
    const res = await api().put(`/api/users/${apotheke.user._id}/profile`).set('x-auth-token', apotheke.token).send({ snippets });
    expect(res.status).toBe(200);
    expect(res.body.user.snippets).toEqual(snippets);
    const bad = await api().put(`/api/users/${apotheke.user._id}/profile`).set('x-auth-token', apotheke.token).send({ snippets: [{ name: 'x', subject: 'y'.repeat(501), content: '' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toBe('Mehr als 500 Zeichen!');
    expect((await api().put(`/api/users/${apotheke.user._id}/profile`).set('x-auth-token', apotheke.token).send({ snippets: 'x' })).status).toBe(400);
    const foreign = await api().put(`/api/users/${apotheke.user._id}/profile`).set('x-auth-token', heim.token).send({ snippets: [] });
    expect([403, 404]).toContain(foreign.status);
    const after = await api().get(`/api/users/${apotheke.user._id}/profile`).set('x-auth-token', apotheke.token);
    expect(after.body.snippets).toEqual(snippets);
  });

  it('saves multipart fields and an avatar, and deletes the avatar with "_delete"', async () => {
    const fahrer = await login(app, 'fahrer');
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const res = await api()
      .put(`/api/users/${fahrer.user._id}/profile`)
      .set('x-auth-token', fahrer.token)
      .field('city', 'Bonn')
      .attach('avatar', png, { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.user.city).toBe('Bonn');
    expect(res.body.user.avatar).toMatch(new RegExp(`^/api/users/${fahrer.user._id}/avatar\\?v=[0-9a-f]{8}$`));
    const bytes = await api().get(res.body.user.avatar).set('x-auth-token', fahrer.token).buffer(true);
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(bytes.body as Buffer, png)).toBe(0);
    const del = await api().put(`/api/users/${fahrer.user._id}/profile`).set('x-auth-token', fahrer.token).field('avatar', '_delete');
    expect(del.body.user.avatar).toBeNull();
    expect((await api().get(`/api/users/${fahrer.user._id}/avatar`).set('x-auth-token', fahrer.token)).status).toBe(404);
    const bad = await api()
      .put(`/api/users/${fahrer.user._id}/profile`)
      .set('x-auth-token', fahrer.token)
      .attach('avatar', Buffer.from('not an image'), { filename: 'a.png', contentType: 'image/png' });
    expect(bad.status).toBe(415);
  });

  it.each([
    { title: 'postal code with letters', body: { postalCode: '12a45' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'postal code too long', body: { postalCode: '123456' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'unknown salutation', body: { salutation: 'dr' }, path: 'salutation', message: 'Bitte wählen Sie eine gültige Anrede.' },
    { title: 'missing current password', body: { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }, path: 'password_current', message: PASSWORD_MESSAGES.currentRequired },
    { title: 'wrong current password', body: { password_current: 'falsch', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }, path: 'password_current', message: PASSWORD_MESSAGES.currentWrong },
    { title: 'too short', body: { password_current: DEMO_PASSWORD, password: 'Ab1!', password_confirm: 'Ab1!' }, path: 'password', message: 'Weniger als 12 Zeichen!' },
    { title: 'too few digits', body: { password_current: DEMO_PASSWORD, password: 'AbcdEFgh!!xyz', password_confirm: 'AbcdEFgh!!xyz' }, path: 'password', message: 'Weniger als 2 Zahlen!' },
    { title: 'forbidden quote', body: { password_current: DEMO_PASSWORD, password: 'Ab"cd12!!EFgh', password_confirm: 'Ab"cd12!!EFgh' }, path: 'password', message: 'Unerlaubte Zeichen gefunden!' },
    { title: 'repetition differs', body: { password_current: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirm: `${NEW_PASSWORD}x` }, path: 'password_confirm', message: PASSWORD_MESSAGES.mismatchReverse },
  ])('rejects $title with 400, path and German message', async ({ body, path, message }) => {
    const arzt = await login(app, 'arzt');
    const res = await api().put(`/api/users/${arzt.user._id}/profile`).set('x-auth-token', arzt.token).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message }));
    // Nothing changed: the old password still works.
    expect((await api().post('/api/auth').send({ username: 'arzt', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('changes the password: every session ends, a fresh auth record comes back', async () => {
    const first = await login(app, 'apotheke');
    const second = await login(app, 'apotheke');
    const res = await api()
      .put(`/api/users/${first.user._id}/profile`)
      .set('x-auth-token', first.token)
      .send({ password_current: DEMO_PASSWORD, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.auth.token).toEqual(expect.any(String));
    expect(res.body.auth.token).not.toBe(first.token);
    expect((await api().get('/api/auth/session').set('x-auth-token', first.token)).status).toBe(401);
    expect((await api().get('/api/auth/session').set('x-auth-token', second.token)).status).toBe(401);
    expect((await api().get('/api/auth/session').set('x-auth-token', res.body.auth.token)).status).toBe(200);
    expect((await api().post('/api/auth').send({ username: 'apotheke', password: DEMO_PASSWORD })).status).toBe(401);
    expect((await api().post('/api/auth').send({ username: 'apotheke', password: NEW_PASSWORD })).status).toBe(200);
    const rows = await app.get(AuditService, { strict: false }).find({ action: 'auth.password_change' });
    expect(rows[0]).toMatchObject({ actorId: first.user._id, target: first.user._id });
  });
});

describe('PUT /api/users/:id/profile (avatar uploads)', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('answers 413 for an image over 2 MB and keeps the old avatar', async () => {
    const heim = await login(app, 'heim');
    const ok = await api().put(`/api/users/${heim.user._id}/profile`).set('x-auth-token', heim.token).attach('avatar', png, { filename: 'a.png', contentType: 'image/png' });
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await api().put(`/api/users/${heim.user._id}/profile`).set('x-auth-token', heim.token).attach('avatar', big, { filename: 'b.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.errors[0].message).toBe('Die Datei ist zu groß.');
    expect((await api().get(`/api/users/${heim.user._id}/profile`).set('x-auth-token', heim.token)).body.avatar).toBe(ok.body.user.avatar);
  });

  it.each([
    { title: 'a text file named .png', data: Buffer.from('kein Bild'), type: 'image/png' },
    { title: 'a PDF', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'image/png' },
    { title: 'an SVG', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' },
  ])('answers 415 for $title with the German message on path avatar', async ({ data, type }) => {
    const arzt = await login(app, 'arzt');
    const res = await api().put(`/api/users/${arzt.user._id}/profile`).set('x-auth-token', arzt.token).attach('avatar', data, { filename: 'x', contentType: type });
    expect(res.status).toBe(415);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'avatar', message: 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.' })]);
  });

  it('shows the new avatar in a fresh auth record (top bar after reload)', async () => {
    const heim = await login(app, 'heim');
    const res = await api().put(`/api/users/${heim.user._id}/profile`).set('x-auth-token', heim.token).attach('avatar', png, { filename: 'a.png', contentType: 'image/png' });
    const session = await api().get('/api/auth/session').set('x-auth-token', heim.token);
    expect(session.body.user.avatar).toBe(res.body.user.avatar);
  });
});

describe('GET /api/users/:id/avatar', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  let heimId: string;

  beforeAll(async () => {
    const heim = await login(app, 'heim');
    heimId = heim.user._id;
    await api().put(`/api/users/${heimId}/profile`).set('x-auth-token', heim.token).attach('avatar', png, { filename: 'a.png', contentType: 'image/png' });
  });

  it('requires sign-in', async () => {
    expect((await api().get(`/api/users/${heimId}/avatar`)).status).toBe(401);
  });

  it.each([
    { title: 'the user themself', caller: 'heim', status: 200 },
    { title: 'the admin (all users)', caller: 'admin', status: 200 },
    { title: 'the pharmacy manager (user list)', caller: 'apotheke', status: 200 },
    { title: 'the driver (no user list)', caller: 'fahrer', status: 404 },
    { title: 'the doctor (own doctor only, not this home user)', caller: 'arzt', status: 404 },
    { title: 'accounting', caller: 'buchhaltung', status: 404 },
  ])('answers $status to $title', async ({ caller, status }) => {
    // apotheke's password was changed by the password test above.
    const c = await login(app, caller, caller === 'apotheke' ? NEW_PASSWORD : DEMO_PASSWORD);
    const res = await api().get(`/api/users/${heimId}/avatar`).set('x-auth-token', c.token);
    expect(res.status).toBe(status);
    if (status === 200) expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a user without avatar and for a malformed id', async () => {
    const admin = await login(app, 'admin');
    expect((await api().get(`/api/users/${admin.user._id}/avatar`).set('x-auth-token', admin.token)).status).toBe(404);
    expect((await api().get('/api/users/kein-id/avatar').set('x-auth-token', admin.token)).status).toBe(404);
  });
});

describe('PUT /api/users/:id/profile for another user (the user policy)', () => {
  const OTHER_PASSWORD = 'Zweit#Passwort24!';
  let seq = 0;

  async function createUser(admin: AuthRecord, body: Record<string, unknown>): Promise<string> {
    seq += 1;
    const res = await api()
      .post('/api/users')
      .set('x-auth-token', admin.token)
      .send({ username: `profil.ziel.${seq}`, password: DEMO_PASSWORD, password_confirm: DEMO_PASSWORD, chargeable: 2, ...body });
    expect(res.status).toBe(201);
    return res.body._id as string;
  }

  it('lets an administrator set another user’s password: sessions end, audit names who and whom', async () => {
    const admin = await login(app, 'admin');
    const id = await createUser(admin, { roles: ['ROLE_DRIVER'] });
    const target = await login(app, `profil.ziel.${seq}`);
    const res = await api().put(`/api/users/${id}/profile`).set('x-auth-token', admin.token).send({ password: OTHER_PASSWORD, password_confirm: OTHER_PASSWORD });
    expect(res.status).toBe(200);
    expect((await api().get('/api/auth/session').set('x-auth-token', target.token)).status).toBe(401);
    const rows = await app.get(AuditService, { strict: false }).find({ action: 'auth.password_change', actorId: admin.user._id });
    expect(rows.map((r) => r.target)).toContain(id);
  });

  it.each([
    { title: 'a pharmacy manager sets the administrator’s password', caller: 'apotheke' },
    { title: 'a home manager sets the password of an administrator of the same home', caller: 'heim.manager' },
  ])('refuses when $title (403), and nothing changes', async ({ caller }) => {
    const admin = await login(app, 'admin');
    const home = (await login(app, 'heim')).home!._id;
    const homeAdminId = await createUser(admin, { roles: ['ROLE_ADMIN', 'ROLE_HOME'], home });
    let token: string;
    if (caller === 'heim.manager') {
      const username = `heim.manager.${seq}`;
      await createUser(admin, { username, roles: ['ROLE_HOME', 'ROLE_MANAGER'], home });
      token = (await login(app, username)).token;
    } else {
      token = (await login(app, 'apotheke', NEW_PASSWORD)).token;
    }
    for (const target of [homeAdminId, admin.user._id]) {
      const res = await api().put(`/api/users/${target}/profile`).set('x-auth-token', token).send({ password: OTHER_PASSWORD, password_confirm: OTHER_PASSWORD });
      expect([403, 404]).toContain(res.status);
    }
    expect((await api().post('/api/auth').send({ username: 'admin', password: OTHER_PASSWORD })).status).toBe(401);
    expect((await api().post('/api/auth').send({ username: 'admin', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('never changes roles, home, doctor or status through the profile', async () => {
    const admin = await login(app, 'admin');
    const id = await createUser(admin, { roles: ['ROLE_DRIVER'] });
    const self = await login(app, `profil.ziel.${seq}`);
    const res = await api()
      .put(`/api/users/${id}/profile`)
      .set('x-auth-token', self.token)
      .send({ firstname: 'Frieda', roles: ['ROLE_ADMIN'], home: (await login(app, 'heim')).home!._id, status: 'removed', once_password: true, username: 'admin2' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstname: 'Frieda', roles: ['ROLE_DRIVER'], home: null, status: '', once_password: false, username: `profil.ziel.${seq}` });
  });

  it('refuses editing the profile of a deactivated user (it is reactivated first)', async () => {
    const admin = await login(app, 'admin');
    const id = await createUser(admin, { roles: ['ROLE_DRIVER'] });
    expect((await api().delete(`/api/users/${id}`).set('x-auth-token', admin.token)).status).toBe(200);
    for (const body of [{ firstname: 'X' }, { password: OTHER_PASSWORD, password_confirm: OTHER_PASSWORD }]) {
      expect((await api().put(`/api/users/${id}/profile`).set('x-auth-token', admin.token).send(body)).status).toBe(403);
    }
  });

  it('the forced one-time change needs the one-time password as the current one', async () => {
    const admin = await login(app, 'admin');
    const id = await createUser(admin, { roles: ['ROLE_DRIVER'], password: 'einmal', password_confirm: 'einmal', once_password: true });
    const self = await login(app, `profil.ziel.${seq}`, 'einmal');
    const without = await api().put(`/api/users/${id}/profile`).set('x-auth-token', self.token).send({ password: OTHER_PASSWORD, password_confirm: OTHER_PASSWORD });
    expect(without.status).toBe(400);
    expect(without.body.errors).toContainEqual(expect.objectContaining({ path: 'password_current', message: PASSWORD_MESSAGES.currentRequired }));
    const ok = await api()
      .put(`/api/users/${id}/profile`)
      .set('x-auth-token', self.token)
      .send({ password_current: 'einmal', password: OTHER_PASSWORD, password_confirm: OTHER_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.user.once_password).toBe(false);
  });
});

describe('a password change through the profile is one unit of work', () => {
  it('rolls back the new password and keeps the sessions when a later write of the unit fails', async () => {
    const database = app.get<Database>(DB, { strict: false });
    // A real failure of the audit insert inside the unit, injected in the database itself.
    await database.execute(sql`create or replace function fail_password_audit() returns trigger language plpgsql as $$
      begin if new.action = 'auth.password_change' then raise exception 'injected failure'; end if; return new; end $$`);
    await database.execute(sql`create trigger fail_password_audit before insert on audit_log for each row execute function fail_password_audit()`);
    try {
      const heim = await login(app, 'heim');
      const res = await api()
        .put(`/api/users/${heim.user._id}/profile`)
        .set('x-auth-token', heim.token)
        .send({ firstname: 'Halbfertig', password_current: DEMO_PASSWORD, password: 'Ganz#Neu2024!!', password_confirm: 'Ganz#Neu2024!!' });
      expect(res.status).toBe(500);
      expect((await api().get('/api/auth/session').set('x-auth-token', heim.token)).status).toBe(200);
      expect((await api().post('/api/auth').send({ username: 'heim', password: DEMO_PASSWORD })).status).toBe(200);
      const profile = await api().get(`/api/users/${heim.user._id}/profile`).set('x-auth-token', heim.token);
      expect(profile.body.firstname).not.toBe('Halbfertig');
    } finally {
      await database.execute(sql`drop trigger if exists fail_password_audit on audit_log`);
    }
  });
});
