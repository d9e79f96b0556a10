// The baseline: node:http with nothing in between, the ceiling every framework is measured against.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ack } from './ack.ts';
import { announce, HOST } from './announce.ts';

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/ping') {
    const body = JSON.stringify(ack());
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
    return;
  }
  response.writeHead(404).end();
});

server.listen(0, HOST, () => announce((server.address() as AddressInfo).port));
