#!/usr/bin/env node
// Benchmark (not a test): a chat message reaching 200 connected pharmacy users over two backend
// instances with Redis.
//
// Our figure: two instances of the built backend (backend/dist) on one PostgreSQL database of their
// own (created and dropped) and the machine's Redis (REDIS_URL, a key prefix of their own), --clients
// socket.io clients signed in as pharmacy users (created for the run, split evenly over both
// instances, handshake auth { token }), and one more pharmacy user who posts --messages chat
// messages, one after the other, through POST /api/tasks/{id}/events on instance A. For every message
// and client: the time from sending the POST until that client received 'newevent' for it.
// Reference in the same run: the same fan-out without our app: two bare socket.io servers with the
// Redis adapter, the clients in one room, and a plain HTTP POST on server A that emits 'newevent' to
// that room (no session, no database, no policy).
// Prints p50/p99/max over all deliveries, the POST's own answer time, and the ratio.
// Goal: p99 ≤ 150 ms over 2 instances with Redis.
//
//   cd backend && npx tsc -p tsconfig.build.json && cd ..
//   node bench/chat-fanout.mjs [--clients 200] [--messages 50] [--redis-url redis://127.0.0.1:6379]
//                              [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--backend backend]
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cli, freePort, keepRunningOnClosedOutput, machineLoad, ms, printTable, ratio, repoRoot, scratchDatabase, serverUrlFrom, signIn, startBackend, summary } from './lib.mjs';

const { opt } = cli();
const clientCount = Number(opt('clients', 200));
const messages = Number(opt('messages', 50));
const redisUrl = opt('redis-url', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const backendDir = path.resolve(opt('backend', path.join(repoRoot, 'backend')));
const serverUrl = serverUrlFrom(opt);
const GOAL_P99_MS = 150;
const NEW_EVENT = 'newevent';
const DELIVERY_TIMEOUT_MS = 10_000;
// socket.io-client as the app's api-client uses it (installed for the backend's tests).
const { io } = createRequire(path.join(backendDir, 'package.json'))('socket.io-client');

keepRunningOnClosedOutput();

/** Connects `tokens.length` sockets, alternating over `urls`; resolves when every one is 'ready'. */
async function connectAll(urls, tokens, readyEvent) {
  const sockets = [];
  await Promise.all(
    tokens.map(
      (token, i) =>
        new Promise((resolve, reject) => {
          const socket = io(urls[i % urls.length], { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
          sockets.push(socket);
          const timer = setTimeout(() => reject(new Error(`socket ${i} not ready within 30 s`)), 30_000);
          socket.once(readyEvent, () => {
            clearTimeout(timer);
            resolve();
          });
          socket.once('connect_error', (error) => reject(error));
          socket.once('unauthorized', (m) => reject(new Error(`socket ${i} unauthorized: ${JSON.stringify(m)}`)));
        }),
    ),
  );
  return sockets;
}

/**
 * Posts `messages` messages one after the other through `post()` (answers the event id) and measures,
 * per socket, the time from sending to its 'newevent' for that id.
 */
async function fanOut(sockets, post) {
  const deliveries = [];
  const answers = [];
  let current = null;
  for (const socket of sockets) {
    socket.on(NEW_EVENT, (payload) => {
      const now = performance.now();
      if (!current) return;
      // The POST may answer after the first deliveries: match by the event id once known, else count it.
      current.arrivals.push({ at: now, eventId: payload?.eventId });
      if (current.arrivals.length === sockets.length) current.done();
    });
  }
  for (let m = 0; m < messages; m++) {
    let done;
    const all = new Promise((resolve) => (done = resolve));
    current = { arrivals: [], done };
    const t0 = performance.now();
    const eventId = await post(m);
    answers.push(performance.now() - t0);
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`message ${m}: ${current.arrivals.length} of ${sockets.length} deliveries within ${DELIVERY_TIMEOUT_MS} ms`)), DELIVERY_TIMEOUT_MS).unref());
    await Promise.race([all, timeout]);
    const foreign = current.arrivals.filter((a) => a.eventId !== eventId);
    if (foreign.length) throw new Error(`message ${m}: ${foreign.length} deliveries of another event`);
    for (const a of current.arrivals) deliveries.push(a.at - t0);
    current = null;
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const socket of sockets) socket.off(NEW_EVENT);
  return { deliveries: summary(deliveries), answers: summary(answers), n: deliveries.length };
}

// ---------- reference: bare socket.io + Redis adapter ----------

const REFERENCE_SERVER = `
import http from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
const pub = new Redis(process.env.REDIS_URL);
const sub = pub.duplicate();
let io;
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/post') return res.writeHead(404).end();
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const { taskId, eventId } = JSON.parse(body);
    io.to('tasks:all').emit('newevent', { taskId, eventId });
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ _id: eventId }));
  });
});
io = new Server(server, { path: '/socket.io', adapter: createAdapter(pub, sub, { key: process.env.REDIS_PREFIX + ':socket.io' }) });
io.on('connection', (socket) => {
  socket.join('tasks:all');
  socket.emit('ready', { rooms: ['tasks:all'] });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send('listening'));
process.on('SIGTERM', () => { io.close(); pub.disconnect(); sub.disconnect(); process.exit(0); });
`;

async function startReference(prefix) {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--input-type=module', '-e', REFERENCE_SERVER], {
    cwd: backendDir,
    env: { ...process.env, PORT: String(port), REDIS_URL: redisUrl, REDIS_PREFIX: prefix },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killOnExit = () => proc.kill('SIGKILL');
  process.on('exit', killOnExit);
  await new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await exited;
      process.off('exit', killOnExit);
    },
  };
}

// ---------- run ----------

async function main() {
  const { default: pg } = await import('pg');
  const db = await scratchDatabase(serverUrl, 'bench_chat');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mediport-bench-'));
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const jwtSecret = randomBytes(24).toString('hex');
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  const backends = [];
  const references = [];
  let sockets = [];
  let client = null;
  const out = process.stdout;
  try {
    backends.push(await startBackend({ backendDir, env, jwtSecret }));
    backends.push(await startBackend({ backendDir, env, jwtSecret }));
    const [a, b] = backends;
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // The pharmacy users (the demo password, ROLE_PHARMA) and one order to write in.
    await client.query(
      `insert into users (username, password_hash, roles, firstname, lastname)
       select 'bench-apotheke-' || i, (select password_hash from users where username = 'apotheke'), array['ROLE_PHARMA'], 'Apotheke', 'Bench ' || i from generate_series(1, $1::int) i`,
      [clientCount],
    );
    const task = (
      await client.query(
        `insert into tasks (type, status, medicine, dose, patient_id, home_id, created_by, modified_by)
         select 2, 'new', 'Ibuprofen 400 mg', '1-0-1', p.id, p.home_id, u.id, u.id from patients p, users u where u.username = 'apotheke' order by p.lastname limit 1 returning id`,
      )
    ).rows[0].id;
    await client.query(`insert into task_events (task_id, type, data) values ($1, 'status_change', '{"from":null,"to":"new"}')`, [task]);

    const tokens = [];
    for (let i = 1; i <= clientCount; i++) tokens.push((await signIn(i % 2 ? a.url : b.url, `bench-apotheke-${i}`)).token);
    const poster = (await signIn(a.url, 'apotheke')).token;
    out.write(`chat fan-out: PostgreSQL ${db.version}, Redis ${redisUrl}, ${clientCount} clients over 2 instances, ${messages} messages; ${machineLoad()}\n`);

    sockets = await connectAll([a.url, b.url], tokens, 'ready');
    const ours = await fanOut(sockets, async (m) => {
      const res = await fetch(`${a.url}/api/tasks/${task}/events`, {
        method: 'POST',
        headers: { 'x-auth-token': poster, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'message', data: `Nachricht ${m + 1} an alle` }),
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`POST /api/tasks/{id}/events → ${res.status} ${await res.text()}`);
      return (await res.json())._id;
    });
    for (const s of sockets) s.disconnect();

    references.push(await startReference(`${prefix}-ref`), await startReference(`${prefix}-ref`));
    const [ra, rb] = references;
    sockets = await connectAll([ra.url, rb.url], tokens, 'ready');
    const reference = await fanOut(sockets, async () => {
      const eventId = randomUUID();
      const res = await fetch(`${ra.url}/post`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ taskId: task, eventId }) });
      if (res.status !== 201) throw new Error(`reference POST → ${res.status}`);
      return (await res.json())._id;
    });

    out.write(`\nTime from sending the message until a client received 'newevent' (${ours.n} deliveries each), and the POST's own answer time; ms\n`);
    printTable(
      [['', 56, 'l'], ['p50', 9, 'r'], ['p99', 9, 'r'], ['max', 9, 'r'], ['POST p50', 10, 'r'], ['POST p99', 10, 'r']],
      [
        ['ours: backend ×2 + Redis, POST /api/tasks/{id}/events', ms(ours.deliveries.p50), ms(ours.deliveries.p99), ms(ours.deliveries.max), ms(ours.answers.p50, 10), ms(ours.answers.p99, 10)],
        ['reference: socket.io ×2 + Redis adapter', ms(reference.deliveries.p50), ms(reference.deliveries.p99), ms(reference.deliveries.max), ms(reference.answers.p50, 10), ms(reference.answers.p99, 10)],
        ['ratio ours / reference', ratio(ours.deliveries.p50, reference.deliveries.p50, 9), ratio(ours.deliveries.p99, reference.deliveries.p99, 9), '', '', ''],
      ],
    );
    out.write(`\nGoal: p99 ≤ ${GOAL_P99_MS} ms: ${ours.deliveries.p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}.\n`);
  } finally {
    for (const s of sockets) s.disconnect();
    await client?.end().catch(() => undefined);
    for (const r of references) await r.stop();
    for (const b of backends) await b.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await db.drop();
  }
}

await main();
