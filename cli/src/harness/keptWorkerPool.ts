import {
  type PoolOptions,
  type PoolRunnerInitializer,
  type PoolWorker,
  ThreadsPoolWorker,
  type WorkerRequest,
} from 'vitest/node';

type Listener = (arg: unknown) => void;

/** A vitest pool (the `pool` option) whose one worker thread lives from one run to the next. */
export interface KeptWorkerPool extends PoolRunnerInitializer {
  /** Ends the thread. */
  close(): Promise<void>;
}

/**
 * vitest's threads pool, except that its worker thread is kept between runs instead of being
 * ended after each: with `isolate: false`, the modules it loaded (vitest's runtime, the
 * framework) stay loaded, and a run only loads the check file and the learner's files afresh.
 * Starting a thread and loading those again is most of a check's time (about 400 ms of 500).
 *
 * vitest starts and stops a worker for each run; this pool answers those requests itself once
 * the thread runs (the thread already has its runtime), and hands every other message through.
 * A thread that failed or exited is replaced on the next run.
 */
export function keptWorkerPool(): KeptWorkerPool {
  let thread: ThreadsPoolWorker | undefined;
  let started = false;
  const name = 'kept-thread';
  return {
    name,
    createPoolWorker(options: PoolOptions): PoolWorker {
      const listeners: Array<[string, Listener]> = [];
      const forget = () => {
        thread = undefined;
        started = false;
      };
      const answer = (type: 'started' | 'stopped') =>
        setImmediate(() => {
          for (const [event, listener] of listeners) {
            if (event === 'message') listener({ type, __vitest_worker_response__: true });
          }
        });
      return {
        name,
        on(event, listener) {
          listeners.push([event, listener]);
          thread?.on(event, listener);
        },
        off(event, listener) {
          const index = listeners.findIndex(([e, l]) => e === event && l === listener);
          if (index !== -1) listeners.splice(index, 1);
          thread?.off(event, listener);
        },
        send(message: WorkerRequest) {
          if (message.type === 'start' && started) return answer('started');
          if (message.type === 'stop') return answer('stopped');
          if (message.type === 'start') started = true;
          thread?.send(message);
        },
        deserialize: (data) => data,
        async start() {
          if (thread) return;
          thread = new ThreadsPoolWorker(options);
          await thread.start();
          thread.on('exit', forget);
          thread.on('error', forget);
        },
        async stop() {
          // The runner is done with the thread, which stays for the next run's runner.
          for (const [event, listener] of listeners.splice(0)) thread?.off(event, listener);
        },
      };
    },
    async close() {
      const ending = thread;
      thread = undefined;
      started = false;
      await ending?.stop();
    },
  };
}
