/** Where a talk sits in the programme. */
export interface ProgrammeSlot {
  /** The day, as an ISO date. */
  readonly day: string;
  /** The start time, `HH:MM`. */
  readonly startTime: string;
  /** Whether this is the day's keynote, which runs alone in the main hall. */
  readonly keynote: boolean;
}

/** The four consecutive days of the conference, Tuesday to Friday. */
export const CONFERENCE_DAYS: readonly string[] = [
  '2027-05-18',
  '2027-05-19',
  '2027-05-20',
  '2027-05-21',
];

/** When each day's keynote starts. */
export const KEYNOTE_TIME = '09:00';

/** Start times of the regular sessions; lunch runs from 12:30 to 13:30. */
export const SESSION_TIMES: readonly string[] = [
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '12:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
  '17:00',
  '17:30',
];

/** How many regular sessions run at the same time, one per room. */
export const PARALLEL_TRACKS = 2;

/**
 * Lists every slot of the programme in chronological order: each day, a keynote followed
 * by the regular sessions, one slot per track. That makes 4 × (1 + 15 × 2) = 124 slots.
 */
export function programmeSlots(): ProgrammeSlot[] {
  return CONFERENCE_DAYS.flatMap((day) => [
    { day, startTime: KEYNOTE_TIME, keynote: true },
    ...SESSION_TIMES.flatMap((startTime) =>
      Array.from({ length: PARALLEL_TRACKS }, () => ({ day, startTime, keynote: false })),
    ),
  ]);
}
