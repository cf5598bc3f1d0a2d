// Starts the real product for the browser tests: the `suite` binary (gateway and every service in one
// process) on a free port, against a database and a photo folder of its own, serving web/dist. Stopping
// it kills the process and drops that database, its NATS streams and its folder.
//   SUITE_BIN        the binary (default ../target/debug/suite)
//   DATABASE_SERVER  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
//   NATS_URL         (default nats://127.0.0.1:4222)
//   E2E_TEMPLATE_DATABASE  a database already migrated by this binary (`suite migrate`, as make test
//                    does once for all the browser tests): each suite's database is a copy of it, made in
//                    a moment, instead of one migrated at start-up; unset, the suite migrates its own
//   E2E_LOG=1        prints the suite's logs as it runs (they are printed anyway when start-up fails)
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { dropStreams } from './streams.mjs';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** `CREATE DATABASE name TEMPLATE template`, tried again while PostgreSQL says that the template is in use
 *  (a copy made at the same moment by another test file). */
async function copyDatabase(databaseServer, template, name) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await psql(databaseServer, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/is being accessed by other users/.test(String(error.stderr ?? error))) throw error;
      await sleep(250);
    }
  }
}

/** Runs SQL on the server's `postgres` database with psql (for clean-up). */
async function psql(databaseServer, sql) {
  await promisify(execFile)('psql', [`${databaseServer}/postgres`, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
}

/**
 * `env`: variables given to the suite on top of (and over) the defaults below, such as
 * `{ RUNNING_ENV: 'field', SYNC_CENTRAL_URL, SYNC_TOKEN }` for a field laptop; none: a central server.
 * `photos` in the answer is the suite's photo folder (PHOTO_STORE_URL), for a test that reads or breaks a
 * photo on disk.
 * @param {{ env?: Record<string, string> }} [options]
 * @returns {Promise<{ baseUrl: string, admin: { login: string, password: string }, photos: string, stop: () => Promise<void>, logTail: () => string }>}
 */
export async function startSuite({ env = {} } = {}) {
  // The port is free when chosen, but another program (a browser, the fuzzing's suite) may take it before
  // the suite listens on it: then the suite stops at once, and starts again on another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startSuiteOnce({ env });
    } catch (error) {
      if (attempt >= 3 || !/Address already in use/.test(String(error.message))) throw error;
    }
  }
}

async function startSuiteOnce({ env }) {
  const bin = resolve(WEB, process.env.SUITE_BIN ?? '../target/debug/suite');
  if (!existsSync(bin))
    throw new Error(`The suite binary is missing: ${bin} (build it with cargo build, or set SUITE_BIN).`);
  const webDir = resolve(WEB, 'dist');
  if (!existsSync(resolve(webDir, 'index.html')))
    throw new Error(`${webDir}/index.html is missing: run npm run build first.`);

  const databaseServer = (process.env.DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
  const databaseName = `sesame_e2e_${randomBytes(6).toString('hex')}`;
  const port = await freePort();
  const admin = { login: 'admin', password: randomBytes(12).toString('base64url') };
  // Members' photos go to a folder of this run, not to the working directory's .data.
  const photos = await mkdtemp(join(tmpdir(), 'sesame-e2e-photos-'));
  const template = process.env.E2E_TEMPLATE_DATABASE;
  if (template) await copyDatabase(databaseServer, template, databaseName);

  const child = spawn(bin, [], {
    env: {
      ...process.env,
      HTTP_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `${databaseServer}/${databaseName}`,
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      RUNNING_ENV: 'central',
      WEB_DIR: webDir,
      PHOTO_STORE_URL: `file://${photos}`,
      BOOTSTRAP_ADMIN_LOGIN: admin.login,
      BOOTSTRAP_ADMIN_PASSWORD: admin.password,
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
      // Pools for one browser: 15 connections in all (54 by default), so that the browser files run at
      // once and the fuzzing beside them stay under PostgreSQL's 100.
      AUTH_DB_CONNECTIONS: '2',
      GEOGRAPHY_DB_CONNECTIONS: '2',
      MEMBERS_DB_CONNECTIONS: '4',
      CARDS_DB_CONNECTIONS: '3',
      SYNC_DB_CONNECTIONS: '2',
      REPORTS_DB_CONNECTIONS: '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // The logs are kept, to explain a start-up that fails.
  const logs = [];
  const keep = (chunk) => {
    logs.push(chunk.toString());
    if (process.env.E2E_LOG === '1') process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((done) => child.on('exit', (code, signal) => done((exited = { code, signal }))));

  const baseUrl = `http://127.0.0.1:${port}`;

  async function stop() {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = sleep(STOP_TIMEOUT_MS).then(() => 'timeout');
      if ((await Promise.race([exit, timer])) === 'timeout') {
        child.kill('SIGKILL');
        await exit;
      }
    }
    await rm(photos, { recursive: true, force: true });
    await psql(databaseServer, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    // The suite's NATS prefix is its database's name unless the test set one.
    await dropStreams(env.NATS_PREFIX ?? databaseName);
  }

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (true) {
    if (exited) {
      await stop().catch(() => {});
      throw new Error(`The suite stopped during start-up (${JSON.stringify(exited)}):\n${logs.join('')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop().catch(() => {});
      throw new Error(`The suite was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${logs.join('')}`);
    }
    await sleep(250);
  }

  /** The suite's last log lines, for a test's failure message. */
  const logTail = () => logs.join('').split('\n').slice(-40).join('\n');
  return { baseUrl, admin, photos, stop, logTail };
}
