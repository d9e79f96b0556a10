/**
 * A row of the `talks` table.
 *
 * `start_time` keeps the column's snake_case name because the API renders records as they are.
 */
export interface Talk {
  /** The primary key. */
  id: number;
  /** The talk's title. */
  title: string | null;
  /** A few sentences describing the talk. */
  abstract: string | null;
  /** The day of the talk as an ISO date, `YYYY-MM-DD`. */
  day: string | null;
  /** The local start time of the talk, `HH:MM`. */
  start_time: string | null;
}

/**
 * The fields of a talk a client supplies to create or replace one.
 *
 * Omitted fields are stored as NULL, which is what "replace" means.
 */
export interface TalkInput {
  /** See {@link Talk.title}. */
  title?: string | null;
  /** See {@link Talk.abstract}. */
  abstract?: string | null;
  /** See {@link Talk.day}. */
  day?: string | null;
  /** See {@link Talk.start_time}. */
  start_time?: string | null;
  /**
   * The ids of the talk's speakers. When given, they replace the talk's current speakers;
   * when omitted, the links are left alone. Repeated ids count once.
   */
  speakerIds?: readonly number[];
}

/** The fields of a talk to change; omitted fields keep their value, `null` clears one. */
export type TalkPatch = TalkInput;
