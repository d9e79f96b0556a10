import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeFailure, failureJson } from '../src/failure.ts';

describe('a failure, in words a learner acts on', () => {
  it('names a full disk, rather than ENOSPC', () => {
    // /dev/full: every write fails as on a full disk, with the system's own error.
    let error: unknown;
    try {
      writeFileSync('/dev/full', 'progress');
    } catch (caught) {
      error = caught;
    }
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    // A failed copy names its file: the message does too.
    const copy = Object.assign(new Error('ENOSPC'), {
      code: 'ENOSPC',
      dest: '.workshop/backups/x.ts',
    });
    expect(describeFailure(copy)).toMatch(
      /^the disk is full \(writing \.workshop\/backups\/x\.ts\): free/,
    );
    expect(describeFailure(error)).toBe(
      'the disk is full: free some space, then run the command again. Your files are as they were before it, or backed up under .workshop/backups/',
    );
  });

  it('keeps any other message as it is', () => {
    expect(describeFailure(new Error('No step "99".'))).toBe('No step "99".');
  });

  it('is an object on one line for scripts, with the exit code', () => {
    expect(JSON.parse(failureJson('No step "99".', 2, 'Usage: …'))).toEqual({
      error: 'No step "99".',
      exitCode: 2,
      usage: 'Usage: …',
    });
  });
});
