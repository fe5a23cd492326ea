import Foundation
import StrideBase
import StrideModel

/// The person's context the store keeps beside the tasks: their energy, and when they said it.
extension TaskStore {
  /// The user's current context.
  public func context() throws(StrideError) -> UserContext {
    let context = try database.statement("SELECT value, updated_at FROM context WHERE key = 'energy'").firstRow {
      UserContext(energy: $0.optionalText(0).flatMap(EnergyLevel.init(rawValue:)), updatedAt: $0.date(1))
    }
    return context ?? UserContext(energy: nil, updatedAt: nil)
  }

  /// Records the user's current energy (nil: unknown). Kept in the history for the record, but not undoable:
  /// `undo` is for changes to tasks.
  public func setEnergy(_ energy: EnergyLevel?, at now: Date) throws(StrideError) -> UserContext {
    let summary = energy.map { "set your energy to \($0.rawValue)" } ?? "cleared your energy"
    try database.transaction { () throws(StrideError) in
      try database.statement(
        "INSERT INTO context (key, value, updated_at) VALUES ('energy', ?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at"
      ).bind(.string(energy?.rawValue), .date(now)).run()
      try history.record(action: .setContext, summary: summary, before: [], after: [], at: now, undoable: false)
    }
    record(StoreChange(action: .setContext, at: now, tasks: []))
    return UserContext(energy: energy, updatedAt: now)
  }
}
