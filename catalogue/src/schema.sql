-- The conference catalogue: speakers, talks, and the many-to-many link between them.
-- Table and column names are part of the workshop's contract; do not rename them.
-- SQLite does not enforce VARCHAR lengths: the API validates them before writing.
-- AUTOINCREMENT keeps SQLite from giving a new row the id of a deleted one, so nothing
-- that still names an old id (a client's bookmark, a log line) can point at a new row.

CREATE TABLE speakers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name VARCHAR(80) NOT NULL,
  url VARCHAR(255),
  twitter VARCHAR(80)
);

CREATE TABLE talks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT,
  abstract TEXT,
  day TEXT,
  start_time TEXT
);

-- A speaker may give several talks and a talk may have several speakers.
-- The composite key forbids linking the same pair twice, and deleting either side
-- removes its links, so no link can ever point at a missing row. (The repositories delete
-- links themselves too, for catalogue files made without these foreign keys.)
CREATE TABLE talks_speakers (
  talk_id INTEGER NOT NULL REFERENCES talks (id) ON DELETE CASCADE,
  speaker_id INTEGER NOT NULL REFERENCES speakers (id) ON DELETE CASCADE,
  PRIMARY KEY (talk_id, speaker_id)
);

-- The primary key already serves "speakers of a talk" (talk_id comes first);
-- this index serves the opposite direction, "talks of a speaker".
CREATE INDEX talks_speakers_by_speaker ON talks_speakers (speaker_id, talk_id);
