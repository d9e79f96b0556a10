/**
 * A process as Linux's /proc shows it, to kill it later without killing a stranger: once a
 * process ends its id may be given to a new one, but the new one has another start time.
 * Without /proc (not Linux) nothing is ever found running, so nothing is killed.
 */
import { readFileSync } from 'node:fs';

export interface RunningProcess {
  readonly pid: number;
  /** Clock ticks after boot: a later process given the same id has a later one. */
  readonly startTime: string;
  /** It leads its own process group (it was spawned `detached`): its descendants are in it. */
  readonly group: boolean;
}

/**
 * The fields of /proc/<pid>/stat from the third on (state, ppid, pgrp, ...; starttime is the
 * 20th of them), or undefined when there is no such process or no /proc. They follow the
 * command name, which is in parentheses and may itself hold spaces or parentheses.
 */
export function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The process `pid` if it is running: undefined once it ended (a zombie has), or without /proc. */
export function runningProcess(pid: number): RunningProcess | undefined {
  const fields = statFields(pid);
  if (fields === undefined || fields[0] === 'Z' || fields[0] === 'X') return undefined;
  return { pid, startTime: fields[19] ?? '', group: fields[2] === String(pid) };
}

/** Whether `seen` still runs: the same process, not a new one given its id. */
export function stillRunning(seen: RunningProcess): boolean {
  return runningProcess(seen.pid)?.startTime === seen.startTime;
}

/** SIGKILLs `seen`, with its process group when it leads one, if it still runs. */
export function killIfStillRunning(seen: RunningProcess): void {
  if (!stillRunning(seen)) return;
  try {
    process.kill(seen.group ? -seen.pid : seen.pid, 'SIGKILL');
  } catch {
    // It ended between the look and the kill.
  }
}
