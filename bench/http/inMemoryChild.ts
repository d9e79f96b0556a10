/**
 * The child side of the in-memory measurement (see inMemory.ts): starts a bench server
 * script in this process, then feeds its node:http server one request after another over
 * an in-memory socket and reports the CPU each request cost, with no kernel, no network
 * and no load generator involved.
 *
 * Started by inMemory.ts with the arguments SERVER_SCRIPT PATH, over an IPC channel, which
 * the server scripts need and which carries the result back.
 */
import { Server } from 'node:http';
import { Duplex } from 'node:stream';

const WARM_UP = 5_000;
const BATCHES = 10;
const BATCH_SIZE = 2_000;

const [script, path] = process.argv.slice(2);
if (script === undefined || path === undefined) {
  throw new Error('usage: inMemoryChild.ts SERVER_SCRIPT PATH');
}

/** A socket whose bytes come from `request()` and whose writes are the server's answer. */
class MemorySocket extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  readonly remotePort = 50_000;
  readonly localAddress = '127.0.0.1';
  readonly localPort = 8080;
  #answered: ((chunk: Buffer) => void) | undefined;

  /**
   * Sends one request and resolves with the first chunk the server writes back, as bytes:
   * decoding it would charge the server for work a real socket does not do, and more to a
   * server that writes its head and body in one chunk than to one that writes them apart.
   */
  request(bytes: Buffer): Promise<Buffer> {
    return new Promise((resolve) => {
      this.#answered = resolve;
      this.push(bytes);
    });
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    const answered = this.#answered;
    this.#answered = undefined;
    answered?.(chunk);
    done();
  }

  // node:http calls these on a real socket.
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
}

const server = await startedServer(script);
const socket = new MemorySocket();
server.emit('connection', socket);
const bytes = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n`);

const first = String(await socket.request(bytes));
if (!first.startsWith('HTTP/1.1 200')) {
  throw new Error(`${script} answered GET ${path} with ${first.split('\r\n')[0]}`);
}
for (let i = 0; i < WARM_UP; i++) await socket.request(bytes);
const perRequest: number[] = [];
for (let batch = 0; batch < BATCHES; batch++) {
  const start = process.cpuUsage();
  for (let i = 0; i < BATCH_SIZE; i++) await socket.request(bytes);
  const { user, system } = process.cpuUsage(start);
  perRequest.push((user + system) / BATCH_SIZE);
}
// Exit once the message is out: exiting at once could drop it.
process.send?.({ type: 'in-memory', perRequest }, undefined, {}, () => process.exit(0));

/** Imports the server script and resolves with the node:http server it started listening. */
async function startedServer(file: string): Promise<Server> {
  let started: Server | undefined;
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    started = this;
    return Reflect.apply(listen, this, args);
  } as Server['listen'];
  await import(file);
  Server.prototype.listen = listen;
  while (!started?.listening) await new Promise((resolve) => setTimeout(resolve, 10));
  return started;
}
