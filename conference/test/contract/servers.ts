import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ownProcess } from '../../../framework/test/support/ownProcess.ts';
import { lastStep } from './lastStep.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A server started as its own process, and how to stop it. */
export interface ServerProcess {
  url: string;
  /** Sends SIGTERM and resolves once the process has exited. */
  stop(): Promise<void>;
}

/** How to start a server: node's arguments, and how its output says where it listens. */
export interface ServerCommand {
  args: string[];
  listening: RegExp;
}

/** `npm run serve`: the conference API of conference/. */
export const CONFERENCE_SERVE: ServerCommand = {
  args: ['--import', 'tsx', 'conference/src/serve.ts'],
  listening: /Conference API on (http:\/\/\S+?)\./,
};

/** `npm run workshop -- serve <last step> --solution`: the last step's solution, through the workshop CLI. */
export const WORKSHOP_SOLUTION_SERVE: ServerCommand = {
  args: ['cli/bin/workshop.js', 'serve', lastStep().number, '--solution'],
  listening: /Listening on (http:\/\/\S+)/,
};

/**
 * Starts a server as `npm run …` would, from the repository root, on a free port (PORT=0),
 * on the catalogue file `databasePath` (CONFERENCE_DB) and with its OAuth2 tokens in
 * `tokenDatabasePath` (CONFERENCE_OAUTH_DB), and resolves once it printed its URL.
 */
export async function startServer(
  command: ServerCommand,
  databasePath: string,
  tokenDatabasePath: string,
): Promise<ServerProcess> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    command.args,
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        CONFERENCE_DB: databasePath,
        CONFERENCE_OAUTH_DB: tokenDatabasePath,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  ownProcess(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const found = command.listening.exec(output);
        if (found) resolve(found[1] as string);
      });
      child.once('exit', (code) =>
        reject(new Error(`${command.args.join(' ')} exited with ${code}:\n${output}`)),
      );
      setTimeout(
        () => reject(new Error(`${command.args.join(' ')} printed no URL:\n${output}`)),
        30_000,
      ).unref();
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
