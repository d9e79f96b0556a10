import { connect } from 'node:net';

/** An answer as read off a plain socket. */
export interface RawAnswer {
  /** The status code, or 0 when no complete status line arrived. */
  status: number;
  /** The header fields, names in lowercase (the last one wins when repeated). */
  headers: Record<string, string>;
  /** The body, decoded from chunked framing when it was sent so. */
  body: string;
  /** The socket error that ended the exchange, such as `ECONNRESET`, if any. */
  error: string | undefined;
}

/** What {@link exchange} sends: bytes written one after the other, as fast as they go. */
export interface RawRequest {
  /** The request head and any body, in pieces; a string is sent as UTF-8. */
  pieces: readonly (string | Buffer)[];
  /**
   * Read nothing until every piece is sent, as many clients do (Python's http.client sends
   * its whole body before it looks at the answer). An answer the server wiped out with a
   * reset while the client was still sending is then lost, as it would be for them.
   */
  readAfterSending?: boolean;
  /** Resolve once one complete answer arrived, without waiting for the server to close. */
  keepAlive?: boolean;
}

/** Gives up on a server that neither answers nor closes. */
const EXCHANGE_TIMEOUT_MS = 10_000;

/**
 * Sends raw bytes to `port` on 127.0.0.1 and resolves with what came back once the server
 * closes the connection (or, with `keepAlive`, once one answer is complete). Needed for
 * requests no HTTP client library would send: lowercase methods, broken framing, a
 * `Content-Length` with no body behind it.
 */
export function exchange(port: number, request: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(received)), error });
    };
    const timer = setTimeout(() => {
      error ??= 'no answer in time';
      finish();
    }, EXCHANGE_TIMEOUT_MS);
    socket.on('data', (data) => {
      received.push(data);
      if (request.keepAlive && isComplete(Buffer.concat(received))) finish();
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    socket.on('close', finish);
    if (request.readAfterSending) socket.pause();
    const pieces = [...request.pieces];
    const sendNext = () => {
      const piece = pieces.shift();
      if (piece === undefined) {
        if (request.readAfterSending) socket.resume();
        return;
      }
      if (socket.destroyed) return;
      socket.write(piece, (writeError) => {
        if (!writeError) sendNext();
      });
    };
    sendNext();
  });
}

/** Splits an answer into status, headers and body. */
export function parseAnswer(bytes: Buffer): Omit<RawAnswer, 'error'> {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return { status: 0, headers: {}, body: '' };
  const [statusLine = '', ...fields] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest;
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? 0),
    headers,
    body: body.toString(),
  };
}

/** Whether `bytes` hold a whole answer with a `Content-Length`. */
function isComplete(bytes: Buffer): boolean {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'));
  return length !== null && bytes.length - end - 4 >= Number(length[1]);
}

function unchunk(bytes: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (lineEnd === -1 || !(size > 0)) return Buffer.concat(chunks);
    chunks.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
