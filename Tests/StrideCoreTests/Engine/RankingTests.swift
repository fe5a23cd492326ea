import Foundation
import Testing

@testable import StrideCore

@Suite("Now-list ranking")
struct RankingTests {
  let now = Fixtures.now
  let utc = TimeZone(identifier: "UTC")!

  func rank(_ tasks: [StrideTask], energy: EnergyLevel? = nil, minutes: Int? = nil, limit: Int = 5) -> [Suggestion] {
    Ranking.rank(
      tasks: tasks, context: NowContext(instant: now, energy: energy, minutes: minutes, limit: limit, timeZone: utc))
  }

  @Test("overdue first, then soonest due, then started, then oldest; never more than five")
  func order() {
    let day = 86_400.0
    let tasks = [
      Fixtures.task(1, "oldest", created: now.addingTimeInterval(-9 * day)),
      Fixtures.task(2, "due friday", due: now.addingTimeInterval(6 * day)),
      Fixtures.task(3, "overdue", due: now.addingTimeInterval(-day)),
      Fixtures.task(4, "started", created: now, steps: [Subtask(title: "a", done: true), Subtask(title: "b")]),
      Fixtures.task(5, "newer", created: now.addingTimeInterval(-day)),
      Fixtures.task(6, "newest", created: now),
    ]
    let ranked = rank(tasks)
    #expect(ranked.map(\.task.id.rawValue) == [3, 2, 4, 1, 5])
    #expect(rank(tasks.reversed()).map(\.task.id) == ranked.map(\.task.id))
    #expect(ranked[0].why.first == "was due yesterday")
    #expect(ranked[2].kind == .nextStep)
    #expect(ranked[2].step == Suggestion.Step(index: 2, title: "b"))
    #expect(ranked[2].why.first == "1 of 2 steps done")
  }

  @Test("deferred, waiting, done and blocked tasks are left out; a lapsed deferral and a done blocker are not")
  func filters() throws {
    var deferred = Fixtures.task(1, "deferred")
    try deferred.deferTask(.noEnergy, until: now.addingTimeInterval(60), at: now.addingTimeInterval(-60))
    var lapsed = Fixtures.task(2, "lapsed")
    try lapsed.deferTask(.wrongTime, until: now, at: now.addingTimeInterval(-60))
    let waiting = Fixtures.task(3, status: .waiting)
    let done = Fixtures.task(4, status: .completed)
    let blocked = Fixtures.task(5, blockedBy: [TaskID(2)])
    let freed = Fixtures.task(6, blockedBy: [TaskID(4)])
    #expect(rank([deferred, lapsed, waiting, done, blocked, freed]).map(\.task.id.rawValue) == [2, 6])
  }

  @Test("low energy leaves out high-energy tasks unless they are due within a day; time leaves out long ones")
  func energyAndTime() {
    let hard = Fixtures.task(1, "hard", energy: .high)
    let hardButDue = Fixtures.task(2, "due soon", due: now.addingTimeInterval(3600), energy: .high)
    let easy = Fixtures.task(3, "easy", energy: .low, estimate: 10)
    let long = Fixtures.task(4, "long", estimate: 90)
    #expect(rank([hard, hardButDue, easy, long], energy: .low).map(\.task.id.rawValue) == [2, 3, 4])
    #expect(rank([hard, hardButDue, easy, long], energy: .low, minutes: 20).map(\.task.id.rawValue) == [2, 3])
    let easyWhy = rank([easy], energy: .low, minutes: 20)[0].why
    #expect(easyWhy.contains("matches your low energy"))
    #expect(easyWhy.contains("fits your 20 min"))
  }

  @Test("due phrases are calm and relative to the user's day")
  func duePhrases() {
    let phrases = WhyPhrases(context: NowContext(instant: now, timeZone: utc))
    #expect(phrases.dueText(Fixtures.at("2026-11-21T17:00:00Z")) == "due today at 17:00")
    #expect(phrases.dueText(Fixtures.at("2026-11-22T09:30:00Z")) == "due tomorrow at 09:30")
    #expect(phrases.dueText(Fixtures.at("2026-11-21T06:00:00Z")) == "was due 3 hours ago")
    #expect(phrases.dueText(Fixtures.at("2026-11-18T06:00:00Z")) == "was due 3 days ago")
    #expect(phrases.dueText(Fixtures.at("2026-12-03T09:00:00Z")) == "due Thu 3 Dec at 09:00")
    #expect(phrases.dueText(Fixtures.at("2026-11-27T23:59:59Z")) == "due Friday, end of day")
  }
}
