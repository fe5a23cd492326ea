import Foundation
import StrideBase
import StrideModel
import StrideStore
import StrideWire

/// Energy that learns: when the person usually has energy, from what they finished, kept between questions.
extension Tasks {
  /// The rhythm the engine is given, or nil when `engine.learnEnergy` is off. Called under the store's lock; the
  /// completions are read only when a finish (or its undo, or a sync) has happened since they last were, so a
  /// `now` costs a comparison of two numbers. The store is told, so a no-energy pause ends by it.
  func rhythm(_ store: TaskStore) -> EnergyRhythm? {
    guard engine.learnEnergy else { return nil }
    let rhythm = learnedRhythm(store)
    store.energyRhythm = rhythm
    return rhythm
  }

  /// What the completions say, whether or not the engine uses it (a review states it either way).
  func learnedRhythm(_ store: TaskStore) -> EnergyRhythm {
    let revision = store.finishRevision
    if let kept = rhythmLearned.withLock({ $0 }), kept.revision == revision { return kept.rhythm }
    // Finishes that cannot be read leave the energy unknown; they are read again next time.
    guard let rhythm = Self.readRhythm(store, timeZone: timeZone) else { return .empty }
    rhythmLearned.withLock { $0 = (revision, rhythm) }
    return rhythm
  }

  /// The rhythm of the finishes in the history, whenever they are dated (the most recent `EnergyRhythm.window`
  /// count): what is kept does not hang on the moment it was read at. Their hours are the daemon's.
  ///
  /// Read back from the latest change in spans that grow (a month, then eight times as far each time) until a span
  /// holds `window` finishes or reaches the first change: every finish after a span's start is in it, so the most
  /// recent `window` are those reading the whole history gives, and a decade's history is not read at each start
  /// and after each finish for the few hundred that count (Docs/benchmarks.md). A span that would reach past an
  /// eighth of the history is the whole of it: a short history is read once, as before.
  static func readRhythm(_ store: TaskStore, timeZone: TimeZone) -> EnergyRhythm? {
    let calendar = LocalCalendar(timeZone: timeZone)
    let span: (first: Date, latest: Date)?
    do { span = try store.historySpan() } catch { return nil }
    guard let (first, latest) = span else { return EnergyRhythm(finishes: [], calendar: calendar) }
    // Past any change's time, so a finish dated at the latest change (or after it) is in every span.
    let end = Date(timeIntervalSince1970: 32_503_680_000)
    let whole = latest.timeIntervalSince(first)
    var back = Seconds.days(30)
    while true {
      let from = back * 8 > whole ? first : latest.addingTimeInterval(-back)
      guard let done = try? store.history.completions(since: from, until: end) else { return nil }
      if done.count >= EnergyRhythm.window || from == first {
        return EnergyRhythm(
          finishes: done.map { EnergyRhythm.Finish(energy: $0.energy, at: $0.at) }, calendar: calendar)
      }
      back *= 8
    }
  }

  /// The engine's settings as they stand: with the rhythm last learned, while `engine.learnEnergy` is on (for the
  /// words of a deferral's end, which must agree with the engine's).
  var speakingSettings: EngineSettings {
    var settings = engine
    if engine.learnEnergy { settings.energyRhythm = rhythmLearned.withLock { $0 }?.rhythm }
    return settings
  }

  /// The energy a question is ranked for when none is set: the level the person usually has at `instant`, with its
  /// hour, read in `calendar`; nil when nothing is learned for that hour (or learning is off).
  func learnedEnergy(_ rhythm: EnergyRhythm?, at instant: Date, in calendar: LocalCalendar) -> LearnedEnergy? {
    guard let rhythm, let level = rhythm.level(at: instant, in: calendar) else { return nil }
    return LearnedEnergy(level: level, hour: calendar.clock(of: instant).hour, finishes: rhythm.finishes)
  }

  /// What a review says of the person's energy over the day: nil before any task is finished.
  static func energyDay(_ rhythm: EnergyRhythm, used: Bool) -> HistoryReview.EnergyDay? {
    guard rhythm.finishes > 0 else { return nil }
    return HistoryReview.EnergyDay(
      finishes: rhythm.finishes, needed: EnergyRhythm.overallMinimum, hours: rhythm.everyDay,
      weekdays: rhythm.weekdays, weekends: rhythm.weekends, used: used)
  }
}
