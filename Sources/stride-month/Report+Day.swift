import Foundation
import StrideBase

/// The day scenario's figures in words, for one run or pooled over several.
extension Report {
  mutating func day(_ runs: [DayFigures], heading title: String) {
    func pooled(_ share: KeyPath<DayFigures, Share>) -> String {
      Self.percent(runs.map { $0[keyPath: share] }.reduce(Share(), +))
    }
    heading(title)
    line("questions with a meeting within 4 h", "\(runs.map(\.constrained).reduce(0, +))")
    line("fits the time: true time before the next meeting", pooled(\.timeFits))
    note("of what was shown with an estimate (a next step its share, a first 15 minutes 15) at those questions")
    if runs.contains(where: \.calendarGiven) {
      line("  list fitted to exactly the minutes free", pooled(\.fittedRight))
    }
    line("energy suits: at most, and near, the true energy", pooled(\.energyAll))
    note("needing the person's energy or one level less; checks, breakdowns, first 15 minutes left out")
    line("  before \(DayFigures.learningFinishes) finishes (nothing learned)", pooled(\.energyEarly))
    line("    the most the open tasks allowed", pooled(\.ceilingEarly))
    line("  in the last \(DayFigures.lateDays) days", pooled(\.energyLate))
    line("    the most the open tasks allowed", pooled(\.ceilingLate))
    for level in EnergyLevel.allCases {
      let shares = runs.compactMap { $0.energyLateByLevel[level] }
      if !shares.isEmpty { line("    when truly \(level.rawValue)", Self.percent(shares.reduce(Share(), +))) }
    }
    line("learned energy said: before \(DayFigures.learningFinishes) finishes", pooled(\.learnedEarly))
    line("  in the last \(DayFigures.lateDays) days", pooled(\.learnedSaidLate))
    line("  equal to the true energy, when said", pooled(\.learnedRight))
    var confusion: [String: Int] = [:]
    for run in runs { confusion.merge(run.learnedLate, uniquingKeysWith: +) }
    note("in the last \(DayFigures.lateDays) days, questions by the true energy and the level said:")
    for (pair, count) in confusion.sorted(by: { $0.key < $1.key }) { note("\(count) \(pair)", indent: 6) }
    if runs.count == 1, let first = runs[0].firstLearned { line("  first said", TimeWords.stamp(first)) }
    for misfit in runs.flatMap(\.misfits).prefix(4) { note(misfit) }
  }
}
