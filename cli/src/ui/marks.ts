import type { StepStatus } from '../workshop/progress.ts';

/** The mark in front of a step in every list, plain or interactive. */
export const MARKS: Record<StepStatus, string> = {
  done: '✔',
  given: '◇',
  current: '▶',
  pending: '·',
};

/** A bar of `width` cells, filled in proportion to done/total. */
export function progressBar(done: number, total: number, width: number): string {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

export function percent(done: number, total: number): string {
  return `${total === 0 ? 0 : Math.round((done / total) * 100)}%`;
}
