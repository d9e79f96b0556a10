import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// Loaded into the soak's server with `--import`: records how long the server's event loop
// is held up from the last SIGUSR2 on (the soak sends one as its traffic starts, after the
// start-up's module loading), and writes the longest hold-up, in ms, to SOAK_LOOP_DELAY_FILE
// on exit. A request that waited 10 s while the loop never stopped for more than a second
// waited in a queue, not behind one blocking call.
const file = process.env.SOAK_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  process.on('SIGUSR2', () => delay.reset());
  process.on('exit', () => writeFileSync(file, String(delay.max / 1e6)));
}
