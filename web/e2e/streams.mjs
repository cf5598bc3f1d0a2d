// Drops the JetStream streams of one suite (named `<PREFIX>_<SERVICE>`, services/common/src/nats.rs), so
// that a test leaves nothing on the shared NATS server. Without it every browser test and fuzzing run left
// its six streams and their consumers behind, run after run, on a server that also serves the next runs.
//   node e2e/streams.mjs PREFIX   drops the streams of PREFIX (for the shell scripts)
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { fileURLToPath } from 'node:url';

/** The NATS server the suites use (NATS_URL, as `nats://host:port`). */
const server = () => (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').replace(/^nats:\/\//, '');

/** Drops every stream of the suite whose NATS prefix is `prefix`; answers how many. */
export async function dropStreams(prefix) {
  // The suite reduces its prefix to the characters NATS allows in a stream name, then upper-cases it.
  const start = `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}_`.toUpperCase();
  const connection = await connect({ servers: server(), timeout: 5_000 });
  try {
    const manager = await jetstreamManager(connection);
    let dropped = 0;
    for await (const name of manager.streams.names()) {
      if (name.startsWith(start) && (await manager.streams.delete(name))) dropped += 1;
    }
    return dropped;
  } finally {
    await connection.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const prefix = process.argv[2];
  if (!prefix) {
    console.error('usage: node e2e/streams.mjs PREFIX');
    process.exit(2);
  }
  await dropStreams(prefix);
}
