import { render } from 'ink';
import { createElement as h } from 'react';
import { WorkshopApp, type WorkshopAppProps } from './WorkshopApp.ts';

/** Opens the interactive workshop and resolves with the exit code when the learner quits. */
export async function runApp(props: WorkshopAppProps): Promise<number> {
  const instance = render(h(WorkshopApp, props), { exitOnCtrlC: true });
  // SIGTERM (not Ctrl-C, which raw mode turns into a key) must also close the app.
  const unmount = () => instance.unmount();
  props.signal.addEventListener('abort', unmount, { once: true });
  try {
    await instance.waitUntilExit();
  } finally {
    props.signal.removeEventListener('abort', unmount);
  }
  return 0;
}
