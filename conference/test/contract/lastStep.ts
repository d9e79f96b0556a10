import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The workshop's last step: where it ends, and so what must be the conference API. */
export interface LastStep {
  /** Its number, such as `13`. */
  number: string;
  /** Its folder under exercises/ and solutions/, such as `13-authentication`. */
  folder: string;
}

/** The last step of exercises/steps.json, read from the manifest so a new step moves it. */
export function lastStep(): LastStep {
  const manifest = fileURLToPath(new URL('../../../exercises/steps.json', import.meta.url));
  const { steps } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    steps: { number: string; slug: string }[];
  };
  const last = steps.at(-1);
  if (last === undefined) throw new Error(`${manifest} lists no step`);
  return { number: last.number, folder: `${last.number}-${last.slug}` };
}
