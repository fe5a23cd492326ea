import Foundation
import StrideBase
import StrideModel
import StrideStore

/// Energy that learns: when the person usually has energy, from what they finished, kept between questions.
extension Tasks {
  /// How far back the completions are read: a year of finishes is more than `EnergyRhythm.window` for anyone who
  /// finishes a task a day, and an old habit is not held against the person for ever.
  static let rhythmDays = 365

  /// The rhythm the engine is given, or nil when `engine.learnEnergy` is off. Called under the store's lock; the
  /// completions are read only when a finish (or its undo) has happened since they last were, so a `now` costs a
  /// comparison of two numbers.
  func rhythm(_ store: TaskStore, at now: Date) -> EnergyRhythm? {
    engine.learnEnergy ? learnedRhythm(store, at: now) : nil
  }

  /// What the completions say, whether or not the engine uses it (a review states it either way).
  func learnedRhythm(_ store: TaskStore, at now: Date) -> EnergyRhythm {
    let revision = store.finishRevision
    if let kept = rhythmLearned.withLock({ $0 }), kept.revision == revision { return kept.rhythm }
    // Every finish from a year back, whenever it is dated: what is kept must not hang on the moment it was read at
    // (a finish dated ahead, by a clock set wrong or another device's, counts as the others do).
    let since = now.addingTimeInterval(-Seconds.days(Double(Self.rhythmDays)))
    let until = now.addingTimeInterval(Seconds.days(Double(Self.rhythmDays)))
    // Completions that cannot be read leave the energy unknown; they are read again next time.
    guard let done = try? store.history.completions(since: since, until: until) else { return .empty }
    let rhythm = EnergyRhythm(
      finishes: done.map { EnergyRhythm.Finish(energy: $0.energy, at: $0.at) },
      calendar: LocalCalendar(timeZone: timeZone))
    rhythmLearned.withLock { $0 = (revision, rhythm) }
    return rhythm
  }

  /// The energy a question is ranked for when none is set: the level the person usually has at `instant`, with its
  /// hour, read in `calendar`; nil when nothing is learned for that hour (or learning is off).
  func learnedEnergy(_ rhythm: EnergyRhythm?, at instant: Date, in calendar: LocalCalendar) -> LearnedEnergy? {
    guard let rhythm, let level = rhythm.level(at: instant, in: calendar) else { return nil }
    return LearnedEnergy(level: level, hour: calendar.clock(of: instant).hour, finishes: rhythm.finishes)
  }
}
