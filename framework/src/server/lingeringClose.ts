import type { Socket } from 'node:net';

/** How long a closing connection keeps reading what the client still sends, in ms. */
const LINGER_MS = 2000;
/** How much a closing connection reads and discards before giving up, in bytes. */
const LINGER_BYTES = 1024 * 1024;

/**
 * Makes the server close this connection gracefully: once its last answer is written, send
 * FIN but keep reading and discarding what the client still sends, until the client closes
 * its side, {@link LINGER_BYTES} arrived or {@link LINGER_MS} passed (Apache's "lingering
 * close").
 *
 * Closing at once is what node:http does when it answers a `Connection: close` request, or
 * one it will not read (a 405, 413 or 415), while the client is still sending its body. The
 * kernel answers the bytes that keep arriving with a reset, and a reset makes the client's
 * kernel discard the answer it had already received but the client had not read yet: the
 * client sees a broken connection instead of the 413 that explains it.
 *
 * node:http and the request listener close connections with `socket.destroySoon()`, so this
 * replaces that method of the socket.
 */
export function closeLingering(socket: Socket): void {
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    let discarded = 0;
    const stop = () => socket.destroy();
    const timer = setTimeout(stop, LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
    socket.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) stop();
    });
    // Whatever the client sends from now on is read and dropped; its FIN ends the socket.
    socket.once('end', stop);
    socket.end();
    socket.resume();
  };
}
