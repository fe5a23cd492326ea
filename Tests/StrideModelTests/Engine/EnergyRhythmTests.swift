import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Energy that learns, proved on simulated people whose rhythm is known: high 8–11, medium 12–19, low from 20 (and
/// before 8); each finish needs their energy at that hour two times in three, one level less one time in four, one
/// more one time in ten.
@Suite("Energy rhythm")
struct EnergyRhythmTests {
  let calendar = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
  /// A Sunday at midnight, UTC: the days before it are counted back from there.
  let sunday = Date(timeIntervalSince1970: 1_795_305_600)

  static func truth(_ hour: Int) -> EnergyLevel {
    switch hour {
    case 8...11: .high
    case 12...19: .medium
    default: .low
    }
  }

  /// The energy a finished task needed, when the person had `level`.
  static func needed(_ level: EnergyLevel, _ random: inout SeededRandom) -> EnergyLevel {
    let draw = Double.random(in: 0..<1, using: &random)
    let rank = draw < 0.25 ? level.rank - 1 : draw < 0.35 ? level.rank + 1 : level.rank
    return EnergyLevel.allCases[min(2, max(0, rank))]
  }

  /// `days` days of finishes before `sunday`, `perDay` a day at hours between 7 and 22, each at a random minute.
  func person(
    seed: UInt64, days: Int = 60, perDay: Int = 5, truth: (Int, Bool) -> EnergyLevel = { hour, _ in truth(hour) }
  ) -> [EnergyRhythm.Finish] {
    var random = SeededRandom(seed)
    var finishes: [EnergyRhythm.Finish] = []
    for day in 1...days {
      let weekend = calendar.day(of: sunday.addingTimeInterval(-Double(day) * 86_400)).isoWeekday >= 6
      for _ in 0..<perDay {
        let hour = Int.random(in: 7...22, using: &random)
        let at = sunday.addingTimeInterval(
          -Double(day) * 86_400 + Double(hour) * 3_600 + Double(Int.random(in: 0..<60, using: &random)) * 60)
        finishes.append(.init(energy: Self.needed(truth(hour, weekend), &random), at: at))
      }
    }
    return finishes.shuffled(using: &random)
  }

  /// A moment on a weekday (the Wednesday before `sunday`) at `hour`.
  func wednesday(_ hour: Int) -> Date { sunday.addingTimeInterval(-4 * 86_400 + Double(hour) * 3_600) }

  @Test(
    "two months of finishes: the rhythm is recovered, off by a level at most at an hour beside a change",
    arguments: Array(UInt64(1)...10))
  func recovers(_ seed: UInt64) throws {
    let rhythm = EnergyRhythm(finishes: person(seed: seed), calendar: calendar)
    #expect(rhythm.finishes == 300)
    #expect(rhythm.learned)
    for hour in 7...22 {
      let level = try #require(rhythm.level(at: wednesday(hour), in: calendar), "hour \(hour)")
      let beside = [7, 8, 11, 12, 19, 20].contains(hour)
      if beside {
        #expect(abs(level.rank - Self.truth(hour).rank) <= 1, "hour \(hour)")
      } else {
        #expect(level == Self.truth(hour), "hour \(hour)")
      }
    }
    // Nothing was finished between 1 and 5 at night: nothing is said of those hours.
    #expect(rhythm.level(at: wednesday(3), in: calendar) == nil)
  }

  @Test("fewer than 30 finishes: nothing is learned, and now ranks as without it")
  func tooFew() {
    let few = Array(person(seed: 3).prefix(EnergyRhythm.overallMinimum - 1))
    let rhythm = EnergyRhythm(finishes: few, calendar: calendar)
    #expect(rhythm.finishes == 29)
    #expect(!rhythm.learned)
    #expect((0..<24).allSatisfy { rhythm.level(at: wednesday($0), in: calendar) == nil })
    #expect(rhythm.comeBack(needing: .low, after: wednesday(9), in: calendar) == nil)
    // Thirty learn, as the documented threshold says.
    let enough = Array(person(seed: 3, days: 60, perDay: 5).prefix(EnergyRhythm.overallMinimum))
    #expect(EnergyRhythm(finishes: enough, calendar: calendar).learned)
  }

  @Test("weekends are learned apart once each has 30 finishes; with fewer they take every day's")
  func weekends() throws {
    // On weekends this person is low all morning and medium from 14.
    func habit(_ hour: Int, _ weekend: Bool) -> EnergyLevel {
      weekend ? (hour >= 14 && hour < 20 ? .medium : .low) : Self.truth(hour)
    }
    let rhythm = EnergyRhythm(finishes: person(seed: 5, truth: habit), calendar: calendar)
    let saturday = sunday.addingTimeInterval(-86_400)
    #expect(rhythm.weekends != nil)
    #expect(rhythm.level(at: saturday.addingTimeInterval(9 * 3_600), in: calendar) == .low)
    #expect(rhythm.level(at: wednesday(9), in: calendar) == .high)
    #expect(rhythm.level(at: saturday.addingTimeInterval(16 * 3_600), in: calendar) == .medium)
    // Two weeks of it: four weekend days, too few to learn them apart.
    let short = EnergyRhythm(finishes: person(seed: 5, days: 14, perDay: 5, truth: habit), calendar: calendar)
    #expect(short.learned)
    #expect(short.weekends == nil && short.weekdays == nil)
    #expect(short.levels(.weekends) == short.everyDay)
  }

  @Test("recent finishes weigh more: a habit that changed is learned as it is now")
  func recentCountMost() throws {
    // At 15:00, high three to four months ago, low in the last month.
    func at(_ day: Int, _ energy: EnergyLevel) -> EnergyRhythm.Finish {
      .init(energy: energy, at: sunday.addingTimeInterval(-Double(day) * 86_400 + 15 * 3_600))
    }
    let changed = (100..<130).map { at($0, .high) } + (0..<30).map { at($0, .low) }
    let rhythm = EnergyRhythm(finishes: changed, calendar: calendar)
    #expect(rhythm.level(at: wednesday(15), in: calendar) == .low)
  }

  @Test("a task put off for lack of energy comes back at the next stretch of hours with enough for it")
  func comeBack() throws {
    let rhythm = EnergyRhythm(finishes: person(seed: 2), calendar: calendar)
    // A high task put off at 21:00: back at the start of the next morning's high hours.
    let back = try #require(rhythm.comeBack(needing: .high, after: wednesday(21), in: calendar))
    #expect(rhythm.level(at: back, in: calendar) == .high)
    #expect(rhythm.level(at: back.addingTimeInterval(-3_600), in: calendar) != .high)
    #expect(back > wednesday(21) && back <= wednesday(24 + 9))
    #expect(calendar.clock(of: back).minute == 0)
    // Put off at 10:00, in the high hours, it waits for the next morning's, not the next hour.
    let morning = try #require(rhythm.comeBack(needing: .high, after: wednesday(10), in: calendar))
    #expect(morning > wednesday(20) && morning <= wednesday(24 + 9))
    // Nothing learned: no learned time, so the fixed fallback stands.
    #expect(EnergyRhythm.empty.comeBack(needing: .low, after: wednesday(9), in: calendar) == nil)
  }

  @Test("the deferral's words say when it comes back, and why then; without a rhythm, the fixed fallback")
  func deferralWords() throws {
    let rhythm = EnergyRhythm(finishes: person(seed: 2), calendar: calendar)
    var task = Fixtures.task(1, "write the grant proposal", energy: .high)
    task.status = .deferred
    task.deferral = Deferral(reason: .noEnergy, at: wednesday(21), until: nil)
    let time = HumanTime(now: wednesday(21), timeZone: calendar.timeZone)
    var settings = EngineSettings()
    settings.energyRhythm = rhythm
    let back = try #require(rhythm.comeBack(needing: .high, after: wednesday(21), in: calendar))
    let learned = try #require(task.deferral).effect(for: task, time: time, settings: settings)
    #expect(
      learned
        == "it comes back when you set a higher energy, or on its own \(time.describe(back)), when you usually have "
        + "the energy for it")
    let fixed = try #require(task.deferral).effect(for: task, time: time, settings: EngineSettings())
    #expect(fixed == "it comes back when you set a higher energy, or on its own tomorrow at 09:00")
  }

  /// The share of the suggestions that need the person's true energy at that hour, over the hours 8 to 22 of one
  /// weekday, with the energy unknown (before) and learned (after).
  static func matchShares(
    _ rhythm: EnergyRhythm, calendar: LocalCalendar, at day: (Int) -> Date
  ) -> (before: Double, after: Double) {
    var random = SeededRandom(11)
    let open = (1...90).map { index in
      var task = Fixtures.task(
        Int64(index), "\(SeededRandom.verbs[index % 12]) the \(SeededRandom.objects[index / 12 % 10]) \(index)",
        created: day(0).addingTimeInterval(-86_400 * Double(index % 9)), energy: EnergyLevel.allCases[index % 3],
        estimate: [10, 20, 30, 45][index % 4])
      task.tags = ["t\(Int.random(in: 0..<30, using: &random))"]
      return task
    }
    var matched = (before: 0, after: 0, shown: (before: 0, after: 0))
    for hour in 8...22 {
      let instant = day(hour)
      let truth = truth(hour)
      for learned in [false, true] {
        let energy = learned ? rhythm.level(at: instant, in: calendar) : nil
        let shown = Ranking.rank(
          tasks: open, context: NowContext(instant: instant, energy: energy, limit: 5, timeZone: calendar.timeZone),
          settings: EngineSettings())
        let hits = shown.count { $0.task.energy == truth }
        if learned {
          (matched.after, matched.shown.after) = (matched.after + hits, matched.shown.after + shown.count)
        } else {
          (matched.before, matched.shown.before) = (matched.before + hits, matched.shown.before + shown.count)
        }
      }
    }
    return (Double(matched.before) / Double(matched.shown.before), Double(matched.after) / Double(matched.shown.after))
  }

  @Test("the suggestions match the person's energy at the hour far more often once it is learned")
  func matchesMore() {
    let rhythm = EnergyRhythm(finishes: person(seed: 1), calendar: calendar)
    let shares = Self.matchShares(rhythm, calendar: calendar, at: wednesday)
    print("energy match before \(shares.before), after \(shares.after)")
    #expect(shares.before < 0.5)
    #expect(shares.after > 0.8)
  }
}
