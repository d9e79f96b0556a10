import type { Confirm } from './scaffold.ts';

/** A yes/no question at the terminal with prompts, for the plain commands (not the Ink app). */
export const promptConfirm: Confirm = async (question) => {
  const { default: prompts } = await import('prompts');
  const { answer } = await prompts({
    type: 'confirm',
    name: 'answer',
    message: question,
    initial: false,
  });
  // Ctrl-C or Esc leaves the answer undefined: that is a no.
  return answer === true;
};
