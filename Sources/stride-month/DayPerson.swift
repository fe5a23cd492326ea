import Foundation
import StrideBase

/// The person of the day scenario (`--day`): a calendar of meetings, an energy that follows the hour (which they
/// never set), and tasks that take their own true time. The same person as the default one otherwise: the same
/// captures, questions and habits, drawn from the same generators.
struct DayPerson {
  let calendar: DayCalendar
  /// Whether the daemon is given the calendar (`calendars.add`); the person has it either way.
  let calendarGiven: Bool
  /// The hour their after-lunch dip begins on weekdays (13 or 14).
  let dip: Int

  init(seed: UInt64, options: Options, calendarGiven: Bool) {
    calendar = DayCalendar(seed: seed, start: options.start, days: options.days)
    self.calendarGiven = calendarGiven
    var random = Random(seed: seed, stream: 0xE4E2_6111)
    dip = random.pick([13, 14])
  }

  /// Their true energy at an instant: on weekdays high in the morning (7 to 11), medium at noon, low for two hours
  /// after lunch, medium in the afternoon and early evening, low from 21; at weekends medium until 10, high late in
  /// the morning, medium in the afternoon, low from 19.
  func energy(at instant: Instant) -> EnergyLevel {
    let hour = TimeWords.secondsOfDay(instant) / 3600
    let weekday = CivilDay(instant).weekday
    if weekday == 0 || weekday == 6 {
      switch hour {
      case 10...12: return .high
      case 7...9, 13...18: return .medium
      default: return .low
      }
    }
    switch hour {
    case 7...11: return .high
    case dip...(dip + 1): return .low
    case 12...20: return .medium
    default: return .low
    }
  }

  /// The day's plan as this person lives it: no energy set; no minutes said (the calendar is theirs to say); a
  /// question that falls in a meeting asked when the meeting is over, or not at all when the next question comes
  /// first; and no capture while a question is being read and acted on.
  func adjust(_ steps: [Step]) -> [Step] {
    var questions: [Step] = []
    var others: [Step] = []
    for step in steps {
      for event in step.events {
        switch event {
        case .energy: continue
        case .capture: others.append(Step(at: step.at, events: [event]))
        case .query(let plan):
          let unsaid = QueryPlan(
            hour: plan.hour, minutes: nil, repeated: plan.repeated, actions: plan.actions, deferrals: plan.deferrals,
            reading: plan.reading)
          questions.append(Step(at: step.at, events: [.query(unsaid)]))
        }
      }
    }
    var kept: [Step] = []
    for (index, question) in questions.enumerated() {
      var at = question.at
      if let until = calendar.busyUntil(at) { at = until + 5 }
      let following = questions.indices.contains(index + 1) ? questions[index + 1].at : Instant.max
      guard at + Self.window <= following else { continue }
      kept.append(Step(at: at, events: question.events))
    }
    // A thought that comes while a question is read is noted after the person has acted on it.
    let moved = others.map { capture in
      let during = kept.first { capture.at >= $0.at && capture.at < $0.at + Self.window }
      return during.map { Step(at: $0.at + Self.window, events: capture.events) } ?? capture
    }
    return Person.merged(kept + moved)
  }

  /// The longest a question, its repetition a minute later and the reading before acting take.
  static let window = 120

  /// The minutes a task truly takes: its estimate times a factor of the person's, from 0.7 to 1.4 (even on a log
  /// scale), drawn for the task alone so it does not depend on anything else in the month.
  static func trueMinutes(estimate: Int?, task id: Int, seed: UInt64) -> Int? {
    guard let estimate else { return nil }
    var random = Random(seed: seed, stream: 0x7A5C_0000 &+ UInt64(id))
    let factor = 0.7 * pow(2.0, random.unit())
    return max(1, Int((Double(estimate) * factor).rounded()))
  }
}
