import StrideBase
import StrideCalendar
import StrideModel

/// The database layout, as a list of forward migrations. `PRAGMA user_version` records how many have run.
///
/// To change the layout, append a migration; never edit one that has shipped. Times are whole seconds since 1970
/// (UTC); read them in the `sqlite3` shell with `datetime(created_at, 'unixepoch')`.
package enum Schema {
  package static let migrations: [String] = [
    // 1: tasks, their steps, tags, dependencies and deferrals; the history of changes; the user's context.
    """
    CREATE TABLE tasks (
      id               INTEGER PRIMARY KEY AUTOINCREMENT,
      title            TEXT    NOT NULL,
      raw_input        TEXT    NOT NULL,
      energy           TEXT    NOT NULL CHECK (energy IN ('low', 'medium', 'high')),
      estimate_minutes INTEGER,
      status           TEXT    NOT NULL CHECK (status IN ('active', 'waiting', 'deferred', 'completed')),
      type             TEXT    NOT NULL,
      due              INTEGER,
      waiting_for      TEXT,
      deferral_reason  TEXT,
      deferral_at      INTEGER,
      deferral_until   INTEGER,
      created_at       INTEGER NOT NULL,
      updated_at       INTEGER NOT NULL,
      completed_at     INTEGER
    );
    CREATE INDEX tasks_by_status ON tasks (status, id);
    CREATE TABLE subtasks (
      task_id      INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      position     INTEGER NOT NULL,
      title        TEXT    NOT NULL,
      done         INTEGER NOT NULL,
      completed_at INTEGER,
      PRIMARY KEY (task_id, position)
    ) WITHOUT ROWID;
    CREATE TABLE task_tags (
      task_id  INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      position INTEGER NOT NULL,
      tag      TEXT    NOT NULL,
      PRIMARY KEY (task_id, position)
    ) WITHOUT ROWID;
    CREATE INDEX task_tags_by_tag ON task_tags (tag);
    CREATE TABLE dependencies (
      task_id    INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      position   INTEGER NOT NULL,
      blocked_by INTEGER NOT NULL REFERENCES tasks (id) DEFERRABLE INITIALLY DEFERRED,
      PRIMARY KEY (task_id, position)
    ) WITHOUT ROWID;
    CREATE TABLE deferrals (
      task_id  INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      position INTEGER NOT NULL,
      reason   TEXT    NOT NULL,
      at       INTEGER NOT NULL,
      until    INTEGER,
      PRIMARY KEY (task_id, position)
    ) WITHOUT ROWID;
    CREATE TABLE history (
      seq       INTEGER PRIMARY KEY AUTOINCREMENT,
      at        INTEGER NOT NULL,
      action    TEXT    NOT NULL,
      summary   TEXT    NOT NULL,
      before    TEXT    NOT NULL,
      after     TEXT    NOT NULL,
      undoable  INTEGER NOT NULL,
      undone_by INTEGER
    );
    CREATE TABLE context (
      key        TEXT PRIMARY KEY,
      value      TEXT,
      updated_at INTEGER NOT NULL
    );
    """,
    // 2: when a task may start (a capture's "after 6pm", `start:monday`).
    """
    ALTER TABLE tasks ADD COLUMN start INTEGER;
    """,
    // 3: the defer reasons' effects: when to check on a waiting task; the user's energy when deferred.
    """
    ALTER TABLE tasks ADD COLUMN follow_up INTEGER;
    ALTER TABLE tasks ADD COLUMN deferral_energy TEXT;
    ALTER TABLE deferrals ADD COLUMN energy TEXT;
    """,
    // 4: routines (an RRULE, whether it counts from when it was done, how many times it was missed) and pins.
    """
    ALTER TABLE tasks ADD COLUMN repeat_rule TEXT;
    ALTER TABLE tasks ADD COLUMN repeat_after_done INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tasks ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tasks ADD COLUMN repeat_missed INTEGER NOT NULL DEFAULT 0;
    """,
    // 5: CalDAV sync: what the server holds of each task and step (its resource, ETag and text, and the task's
    // fields as both sides last agreed); the account and the pass's state; fields changed on both sides.
    """
    CREATE TABLE sync_items (
      uid            TEXT    PRIMARY KEY,
      task_id        INTEGER NOT NULL,
      parent         TEXT,
      href           TEXT,
      etag           TEXT,
      body           TEXT,
      base           TEXT,
      step_uids      TEXT,
      synced_updated INTEGER
    ) WITHOUT ROWID;
    CREATE INDEX sync_items_by_task ON sync_items (task_id);
    CREATE INDEX sync_items_by_href ON sync_items (href);
    CREATE TABLE sync_state (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE sync_conflicts (
      task_id   INTEGER NOT NULL,
      at        INTEGER NOT NULL,
      field     TEXT    NOT NULL,
      kept      TEXT    NOT NULL,
      lost      TEXT    NOT NULL,
      kept_from TEXT    NOT NULL
    );
    CREATE INDEX sync_conflicts_by_task ON sync_conflicts (task_id);
    """,
    // 6: where each change came from, so `undo` takes back what this person did here: the terminal session of the
    // client that made it, 'sync' for what a sync pass received, NULL where nobody knows (older rows).
    """
    ALTER TABLE history ADD COLUMN origin TEXT;
    UPDATE history SET origin = 'sync' WHERE action = 'sync.receive';
    """,
    // 7: dated notes on a task, oldest first.
    """
    CREATE TABLE task_notes (
      task_id  INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
      position INTEGER NOT NULL,
      at       INTEGER NOT NULL,
      text     TEXT    NOT NULL,
      PRIMARY KEY (task_id, position)
    ) WITHOUT ROWID;
    """,
    // 8: what the store knows of itself, such as whether the full-text index (SearchIndex) is whole.
    """
    CREATE TABLE store_state (
      key   TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) WITHOUT ROWID;
    """,
    // 9: which tasks each change touched, and the changes by time, for the log and the review.
    """
    CREATE TABLE history_tasks (
      task_id INTEGER NOT NULL,
      seq     INTEGER NOT NULL,
      PRIMARY KEY (task_id, seq)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO history_tasks (task_id, seq)
      SELECT json_extract(t.value, '$.id'), h.seq FROM history h, json_each(h.before) t
      UNION SELECT json_extract(t.value, '$.id'), h.seq FROM history h, json_each(h.after) t;
    CREATE INDEX history_by_at ON history (at);
    CREATE INDEX history_by_undone ON history (undone_by) WHERE undone_by IS NOT NULL;
    """,
    // 10: several lists. Every task is in one (`tasks.list_id`); a list may sync with a CalDAV collection (its
    // account, as `sync_state` held it before); the ledger rows and the pass state are kept per list (`sync_state`
    // keys become `<list id>:<key>`). The tasks there were are in list 1, "inbox", the default.
    """
    CREATE TABLE lists (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      name       TEXT    NOT NULL UNIQUE COLLATE NOCASE,
      is_default INTEGER NOT NULL DEFAULT 0,
      account    TEXT
    );
    INSERT INTO lists (id, name, is_default, account)
      VALUES (1, 'inbox', 1, (SELECT value FROM sync_state WHERE key = 'account'));
    ALTER TABLE tasks ADD COLUMN list_id INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX tasks_by_list ON tasks (list_id);
    ALTER TABLE sync_items ADD COLUMN list_id INTEGER NOT NULL DEFAULT 1;
    DELETE FROM sync_state WHERE key = 'account';
    UPDATE sync_state SET key = '1:' || key;
    """,
    // 11: a step written but not yet acknowledged keeps the step as sent (JSON), the base of its merge should the
    // server turn out to hold it (the write's answer was lost).
    """
    ALTER TABLE sync_items ADD COLUMN sent TEXT;
    """,
    // 12: when the person last saw each task among the suggestions of a plain `now`, and the sighting before that on
    // an earlier day (the engine's `waited` term and stuck rota). The tasks open when this runs count as seen now:
    // an upgrade does not turn a whole backlog into long-waiting work at once.
    """
    CREATE TABLE sightings (
      task_id INTEGER PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
      latest  INTEGER NOT NULL,
      earlier INTEGER
    );
    INSERT INTO sightings (task_id, latest, earlier)
      SELECT id, CAST(strftime('%s', 'now') AS INTEGER), CAST(strftime('%s', 'now') AS INTEGER)
      FROM tasks WHERE status != 'completed';
    """,
    // 13: the time spent on each task in focus sessions, in seconds.
    "ALTER TABLE tasks ADD COLUMN spent_seconds INTEGER NOT NULL DEFAULT 0;",
    // 14: focus sessions, a task's oldest first (at most one of all runs: `ended_at` is NULL), with their pauses as
    // "from-to" pairs of Unix seconds, comma-separated (the last without `to` while it lasts); and the last moment
    // the daemon knew a session was running, which says where one ends after the daemon was not running, with the
    // timebox whose end it last announced (so a restart does not say it twice).
    """
    CREATE TABLE focus_sessions (
      task_id       INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
      position      INTEGER NOT NULL,
      step          INTEGER,
      started_at    INTEGER NOT NULL,
      box_seconds   INTEGER NOT NULL,
      timebox_seconds INTEGER NOT NULL,
      pauses        TEXT NOT NULL DEFAULT '',
      uncounted_seconds INTEGER NOT NULL DEFAULT 0,
      ended_at      INTEGER,
      ending        TEXT,
      PRIMARY KEY (task_id, position)
    ) WITHOUT ROWID;
    CREATE INDEX focus_sessions_by_start ON focus_sessions (started_at);
    CREATE TABLE focus_clock (
      id   INTEGER PRIMARY KEY CHECK (id = 1),
      seen INTEGER NOT NULL,
      told TEXT
    );
    """,
    // 15: the calendars Stride reads events from (a file, a subscription, or an event calendar on a sync account's
    // server), each with its last good copy and what it was read as, and the occurrences of their events that take
    // time within the window last expanded (start and end in Unix seconds). Event titles stay here: no history row,
    // task or sync item holds them.
    """
    CREATE TABLE calendars (
      name        TEXT PRIMARY KEY COLLATE NOCASE,
      kind        TEXT NOT NULL,
      location    TEXT NOT NULL UNIQUE,
      account     TEXT,
      counts      INTEGER NOT NULL DEFAULT 1,
      copy        TEXT,
      validator   TEXT,
      read_at     INTEGER,
      checked_at  INTEGER,
      expanded_at INTEGER,
      problem     TEXT,
      components  INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE calendar_events (
      calendar  TEXT NOT NULL REFERENCES calendars (name) ON DELETE CASCADE ON UPDATE CASCADE,
      start     INTEGER NOT NULL,
      end       INTEGER NOT NULL,
      title     TEXT NOT NULL,
      all_day   INTEGER NOT NULL DEFAULT 0,
      marked_busy INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX calendar_events_by_calendar ON calendar_events (calendar, start);
    """,
    // 16: history that does not weigh forever (issue 58). `slim`: 1 once compaction has cut a row's tasks down to
    // what the log and the review read (`History+Compaction.swift`); such a row is past `undo`'s reach. `words`: the
    // change as the log says it, written with the row (NULL in older rows, worded from their tasks). What each
    // change finished, by time, for the review (`history_done`), filled here from the rows there are as the review
    // read them before; the changes by action and time, for the review's counts; and the finished tasks by when they
    // were finished and by when they were due, for the review's time spent and what was done late.
    """
    ALTER TABLE history ADD COLUMN slim INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE history ADD COLUMN words TEXT;
    CREATE TABLE history_done (
      at      INTEGER NOT NULL,
      seq     INTEGER NOT NULL,
      task_id INTEGER NOT NULL,
      energy  TEXT    NOT NULL,
      minutes INTEGER,
      routine INTEGER NOT NULL,
      PRIMARY KEY (at, seq, task_id)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO history_done (at, seq, task_id, energy, minutes, routine)
      SELECT at, seq, json_extract(after, '$[0].id'), coalesce(json_extract(after, '$[0].energy'), 'medium'),
        json_extract(after, '$[0].estimateMinutes'), json_extract(before, '$[0].repeat.rule') IS NOT NULL
      FROM history
      WHERE action IN ('task.complete', 'subtask.complete') AND json_extract(after, '$[0].id') IS NOT NULL
        AND ((json_extract(after, '$[0].status') = 'completed'
            AND coalesce(json_extract(before, '$[0].status'), '') <> 'completed')
          OR (action = 'task.complete' AND json_extract(before, '$[0].repeat.rule') IS NOT NULL));
    INSERT OR IGNORE INTO history_done (at, seq, task_id, energy, minutes, routine)
      SELECT h.at, h.seq, json_extract(a.value, '$.id'), coalesce(json_extract(a.value, '$.energy'), 'medium'),
        json_extract(a.value, '$.estimateMinutes'), 0
      FROM history h, json_each(h.after) a, json_each(h.before) b
      WHERE h.action = 'sync.receive' AND json_extract(b.value, '$.id') = json_extract(a.value, '$.id')
        AND json_extract(a.value, '$.status') = 'completed' AND json_extract(b.value, '$.status') <> 'completed';
    CREATE INDEX history_by_action ON history (action, at, undone_by);
    CREATE INDEX history_whole ON history (seq) WHERE slim = 0;
    CREATE INDEX tasks_by_completion ON tasks (status, completed_at);
    CREATE INDEX tasks_by_due ON tasks (status, due);
    """,
  ]

  /// The schema version this build writes.
  package static var currentVersion: Int64 { Int64(migrations.count) }

  /// Sets the connection up as DESIGN.md says, then brings the schema up to date, each step in its own transaction.
  package static func prepare(_ database: SQLiteDatabase) throws(StrideError) {
    try database.execute("PRAGMA busy_timeout = 5000")
    // Space that compaction frees goes back to the file system a little at a time (`History.vacuum`). A new file
    // takes the setting here, before its first table; one made before takes it at its one VACUUM.
    try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
    guard try database.text("PRAGMA journal_mode = WAL")?.lowercased() == "wal" else {
      throw database.storageError("the database could not be switched to write-ahead logging")
    }
    try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
    // A checkpoint runs inside the commit that fills the log to this many pages, under the daemon's store lock, with
    // three syncs (the log, the database, the next log's header) and the database pages it copies: at SQLite's 1,000
    // it came every 60 captures, 5% of the syncs. At 4,000 (a log of up to 16 MB, removed at a clean stop) it comes a
    // quarter as often and copies the index pages rewritten meanwhile once.
    try database.execute("PRAGMA wal_autocheckpoint = 4000")
    let version = try database.integer("PRAGMA user_version")
    guard version <= currentVersion else {
      throw StrideError(
        .storageFailed,
        "the database at \(database.path) was written by a newer Stride (schema \(version), this one knows "
          + "\(currentVersion)); install the newer Stride to open it")
    }
    for step in Int(version)..<migrations.count {
      try database.transaction { () throws(StrideError) in
        try database.execute(migrations[step])
        try database.execute("PRAGMA user_version = \(step + 1)")
      }
    }
  }
}
