import StrideBase
import StrideWire

/// A question of the day scenario, as the person lives it and as the daemon answered it.
struct DayMoment {
  /// The person's true energy at the hour (never set).
  let trueEnergy: EnergyLevel
  /// The level the daemon said it learned for the hour (`learnedEnergy`), if any.
  let learned: EnergyLevel?
  /// The whole minutes free before the person's next meeting, and its title, when one starts within four hours.
  let free: Int?
  let next: String?
  let calendarGiven: Bool
  /// The minutes the daemon fitted the list to from the calendar (`calendar.minutes` when `fitted`).
  let fitted: Int?
  /// Tasks the person had finished before the question.
  let finishes: Int
  /// The person, whose energy at other hours some claims speak of.
  let person: DayPerson

  func energy(at instant: Instant) -> EnergyLevel { person.energy(at: instant) }
}

extension QueryRecord {
  /// Notes the person's day at the question, and what the daemon said of their calendar and energy.
  mutating func live(_ person: DayPerson, _ answer: Wire.NowResult, at instant: Instant, finishes: Int) {
    let free = person.calendar.free(at: instant)
    lived = DayMoment(
      trueEnergy: person.energy(at: instant), learned: answer.learnedEnergy?.level, free: free?.minutes,
      next: free?.next.title, calendarGiven: person.calendarGiven,
      fitted: answer.calendar.flatMap { $0.fitted ? $0.minutes : nil }, finishes: finishes, person: person)
  }
}
