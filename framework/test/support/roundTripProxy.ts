/**
 * A TCP proxy that counts round trips between a client and a server: a trip starts each
 * time the client writes after the server answered. Commands a client sends together (an
 * ioredis pipeline, one script) are one trip, however many they are.
 *
 *   const proxy = await roundTripProxy(redis.port);
 *   // connect to 127.0.0.1:<proxy.port> instead; read proxy.trips before and after
 *   await proxy.close();
 */
import { connect, createServer, type Socket } from 'node:net';

export interface RoundTripProxy {
  readonly port: number;
  /** The round trips counted so far, over every connection. */
  readonly trips: number;
  close(): Promise<void>;
}

export async function roundTripProxy(port: number): Promise<RoundTripProxy> {
  let trips = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    let answered = true;
    client.on('data', (chunk) => {
      if (answered) trips += 1;
      answered = false;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      answered = true;
      client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
      socket.on('error', () => socket.destroy());
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    port: (server.address() as { port: number }).port,
    get trips() {
      return trips;
    },
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
