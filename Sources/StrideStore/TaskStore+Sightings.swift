import Foundation
import StrideBase
import StrideModel

/// When the person last saw each task among the suggestions, kept beside the tasks: not a change to a task (no
/// history, no revision, nothing to sync), only the engine's memory of turns.
extension TaskStore {
  /// Every task's sightings as kept.
  public func sightings() throws(StrideError) -> Sightings {
    let statement = try database.statement("SELECT task_id, latest, earlier FROM sightings")
    defer { statement.reset() }
    var sightings = Sightings()
    while try statement.step() {
      sightings.restore(
        Sightings.Record(
          id: TaskID(statement.int64(0)), latest: statement.date(1), earlier: statement.optionalDate(2)))
    }
    return sightings
  }

  /// Keeps `records`, each task's first sighting of a day, in one transaction.
  public func keep(_ records: [Sightings.Record]) throws(StrideError) {
    guard !records.isEmpty else { return }
    try database.transaction { () throws(StrideError) in
      let statement = try database.statement(
        "INSERT INTO sightings (task_id, latest, earlier) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM tasks WHERE id = ?) "
          + "ON CONFLICT (task_id) DO UPDATE SET latest = excluded.latest, earlier = excluded.earlier")
      for record in records {
        try statement.bind(
          .integer(record.id.rawValue), .date(record.latest), .date(record.earlier), .integer(record.id.rawValue)
        )
        .run()
        statement.reset()
      }
    }
  }
}
