#!/usr/bin/env node
// Benchmark (not a test): what one answer's socket write costs a server on this machine, depending on
// how long the receiving process had been idle before. A bare node:http server answers 19 KB (the
// size of a 25-row patient page); a client in another process asks --requests times, pausing
// --gaps milliseconds between requests (0: back to back). The server times its own `res.end()`.
//
// On a virtual machine whose idle vCPUs halt at once (the cpuidle driver's polling off, as here:
// haltpoll with guest_halt_poll_ns=0), waking a process that sleeps on the other vCPU costs the
// writer an inter-processor interrupt and the host's rescheduling of that vCPU, paid inside the
// write. An API request wakes four processes in turn (client → backend → PostgreSQL → backend →
// client), the same SQL run directly two: this is the part of "API / SQL" no server code can remove.
//
//   node bench/wake-cost.mjs [--requests 5000] [--gaps 0,1,2,5] [--bytes 19000]
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { cli, keepRunningOnClosedOutput, ms, summary } from './lib.mjs';

const here = fileURLToPath(import.meta.url);

if (process.argv[2] === '--client') {
  const [, , , url, requestsText, gapText] = process.argv;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () => new Promise((resolve, reject) => http.get(url, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject));
  const gap = Number(gapText);
  for (let i = 0; i < Number(requestsText); i++) {
    await get();
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
  }
  agent.destroy();
  process.send('done');
} else {
  keepRunningOnClosedOutput();
  const { opt } = cli();
  const requests = Number(opt('requests', 5000));
  const gaps = String(opt('gaps', '0,1,2,5')).split(',').map(Number);
  const body = Buffer.alloc(Number(opt('bytes', 19_000)), 'x');
  let times = [];
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    const t0 = performance.now();
    res.end(body);
    times.push(performance.now() - t0);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  process.stdout.write(`res.end() of a ${body.length}-byte answer, ${requests} requests per gap, client in its own process\n\n`);
  process.stdout.write(`${'client pause'.padEnd(16)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}\n`);
  for (const gap of gaps) {
    times = [];
    const client = fork(here, ['--client', url, String(requests + 500), String(gap)]);
    await new Promise((resolve, reject) => {
      client.once('message', resolve);
      client.once('exit', (code) => (code ? reject(new Error(`client exited with ${code}`)) : undefined));
    });
    await new Promise((resolve) => client.once('exit', resolve));
    const s = summary(times.slice(500));
    process.stdout.write(`${(gap ? `${gap} ms` : 'none').padEnd(16)}${ms(s.p50)}${ms(s.p99)}\n`);
  }
  server.close();
}
