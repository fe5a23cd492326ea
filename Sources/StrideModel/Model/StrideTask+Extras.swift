import Foundation
import StrideBase

extension StrideTask {
  /// What few open tasks have, behind one reference (`Fields.extras`, nil when a task has none of it): a task's
  /// storage stays small, and the ranking, which asks every task whether it starts later, repeats or is pinned,
  /// finds the answer for most of them in one load.
  final class Extras: Equatable, Sendable {
    let rare: Rare
    private init(_ rare: Rare) { self.rare = rare }

    /// `rare` behind a reference, or nil when it holds nothing. A task that does not repeat has missed nothing.
    static func holding(_ rare: Rare) -> Extras? {
      var rare = rare
      if rare.recurrence == nil { rare.missed = 0 }
      return rare.isEmpty ? nil : Extras(rare)
    }

    static func == (a: Extras, b: Extras) -> Bool { a === b || a.rare == b.rare }
  }

  /// The rare fields, as a value: a change copies them, changes the copy and puts it behind a new reference.
  struct Rare: Equatable, Sendable {
    var recurrence: Recurrence?
    var pinned = false
    /// Occurrences of the routine passed over since it was last done (0 for a task that does not repeat).
    var missed = 0
    var notes: [Note] = []
    var spentSeconds = 0
    var focusSessions: [FocusSession] = []
    var start = Moment(nil)
    var deferral: Deferral?
    var waitingFor: String?
    var followUp = Moment(nil)
    var completedAt = Moment(nil)

    var isEmpty: Bool {
      recurrence == nil && !pinned && notes.isEmpty && spentSeconds == 0 && focusSessions.isEmpty
        && start.date == nil && deferral == nil && waitingFor == nil && followUp.date == nil && completedAt.date == nil
    }
  }
}
