import { render } from 'ink';
import { createElement as h } from 'react';
import { WorkshopApp, type WorkshopAppProps } from './WorkshopApp.ts';

/** Opens the interactive workshop and resolves with the exit code when the learner quits. */
export async function runApp(props: WorkshopAppProps): Promise<number> {
  let code = 0;
  // Ctrl-C is a key in raw mode: the app handles it, stopping what runs and clearing its line.
  const interrupted = () => {
    code = 130;
  };
  const instance = render(h(WorkshopApp, { ...props, onInterrupt: interrupted }), {
    exitOnCtrlC: false,
  });
  // SIGTERM (not Ctrl-C, which raw mode turns into a key) must also close the app.
  const unmount = () => instance.unmount();
  props.signal.addEventListener('abort', unmount, { once: true });
  try {
    await instance.waitUntilExit();
  } finally {
    props.signal.removeEventListener('abort', unmount);
  }
  return code;
}
