import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Properties the engine keeps for any set of tasks, checked on seeded random sets.
@Suite("Engine invariants")
struct RankingTests {
  static let seeds: [UInt64] = Array(1...40)
  let utc = TimeZone(identifier: "UTC")!
  let now = Scenario.defaultInstant

  func context(energy: EnergyLevel? = nil, minutes: Int? = nil) -> NowContext {
    NowContext(instant: now, energy: energy, minutes: minutes, timeZone: utc)
  }

  @Test("the same tasks in any order give the same suggestions", arguments: seeds)
  func inputOrder(_ seed: UInt64) {
    var random = SeededRandom(seed)
    let tasks = random.tasks(count: 30, now: now)
    for energy in [nil, EnergyLevel.low, .high] {
      let expected = Ranking.rank(tasks: tasks, context: context(energy: energy))
      var shuffled = tasks
      shuffled.shuffle(using: &random)
      #expect(Ranking.rank(tasks: shuffled, context: context(energy: energy)) == expected)
    }
  }

  @Test("adding tasks that are hidden never changes the five", arguments: seeds)
  func hiddenTasksChangeNothing(_ seed: UInt64) {
    var random = SeededRandom(seed)
    let tasks = random.tasks(count: 20, now: now)
    let before = Ranking.rank(tasks: tasks, context: context())
    // Done, waiting, deferred and not-yet-started tasks (a task waiting on a shown one does count: it is what
    // "unblocks others" measures).
    var extra: [StrideTask] = []
    for offset in 0..<10 {
      var task = Fixtures.task(Int64(1000 + offset), "hidden \(offset)", created: now.addingTimeInterval(-86_400))
      switch offset % 4 {
      case 0: task.status = .completed
      case 1:
        task.status = .waiting
        task.followUp = now.addingTimeInterval(86_400)
      case 2:
        try? task.deferTask(.wrongTime, until: now.addingTimeInterval(7200), at: now.addingTimeInterval(-60))
      default: task.start = now.addingTimeInterval(3600)
      }
      extra.append(task)
    }
    #expect(Ranking.rank(tasks: tasks + extra, context: context()) == before)
  }

  @Test(
    "a long list, ranked in parts side by side, gives what its open tasks give alone", arguments: [1, 2] as [UInt64])
  func longListInParts(_ seed: UInt64) {
    var random = SeededRandom(seed)
    var tasks = random.tasks(count: 30, now: now)
    // Some wait on others, from one end of the long list to the other (where it is cut into parts).
    for index in stride(from: 0, to: 30, by: 4) { tasks[index].blockedBy = [tasks[(index + 15) % 30].id] }
    let done = (0..<SideBySide.from).map { offset in
      var task = Fixtures.task(Int64(1000 + offset), "done \(offset)", created: now.addingTimeInterval(-86_400))
      task.status = .completed
      return task
    }
    let long = Array(tasks[..<15]) + done + Array(tasks[15...])
    for energy in [nil, EnergyLevel.low] {
      let alone = Ranking.evaluate(tasks: tasks, context: context(energy: energy))
      let inParts = Ranking.evaluate(tasks: long, context: context(energy: energy))
      #expect(inParts.suggestions == alone.suggestions)
      // The plain `now`'s way too: only a shortlist of the candidates, from the parts joined.
      #expect(Ranking.rank(tasks: long, context: context(energy: energy)) == alone.suggestions)
      #expect(inParts.candidates == alone.candidates)
      #expect(inParts.passedOver == alone.passedOver)
      #expect(inParts.overdue == alone.overdue)
      #expect(inParts.hidden.filter { $0.hidden.reason != .completed } == alone.hidden)
      #expect(alone.hidden.contains { $0.hidden.reason == .blocked }, "some task waits on an open one")
    }
  }

  @Test("a task waits on an open one whatever the ids: close together or far apart, and only while it is open")
  func blockersByID() {
    // Dense ids are counted in an array, ids far apart in a dictionary: both must say the same.
    for far in [Int64(3), 5_000_000] {
      let blocker = Fixtures.task(far, "order the parts", energy: .medium, estimate: 10)
      var waits = Fixtures.task(1, "fit the parts", energy: .medium, estimate: 10)
      waits.blockedBy = [blocker.id]
      var gone = Fixtures.task(2, "paint the shed", energy: .medium, estimate: 10)
      gone.blockedBy = [TaskID(far + 1)]
      let open = Ranking.evaluate(tasks: [waits, gone, blocker], context: context())
      #expect(open.hidden.map(\.task.id) == [waits.id], "ids \(far) apart")
      #expect(open.hidden.first?.hidden.reason == .blocked)
      #expect(
        open.candidates.first { $0.task.id == blocker.id }?.terms.first { $0.term == .unblocks }?.value == 1.0 / 3)
      var done = blocker
      done.status = .completed
      let after = Ranking.evaluate(tasks: [waits, gone, done], context: context())
      #expect(after.hidden.map(\.task.id) == [done.id], "only the finished task is hidden once it is done")
    }
  }

  @Test(
    "a nearer deadline never lowers a score: rising to the due time, then fading towards the floor", arguments: seeds)
  func earlierDeadline(_ seed: UInt64) {
    var random = SeededRandom(seed)
    var task = random.task(id: 1, now: now)
    task.status = .active
    task.deferral = nil
    task.blockedBy = []
    task.start = nil
    func score(dueIn hours: Double) -> Double {
      task.due = now.addingTimeInterval(hours * 3600)
      return Ranking.evaluate(tasks: [task], context: context()).candidates.first?.score ?? -.infinity
    }
    // Nearer and nearer the due time: never lower.
    var previous = -Double.infinity
    for hours in stride(from: 240.0, through: 0, by: -12) {
      #expect(score(dueIn: hours) >= previous - 1e-9, "due in \(hours) h")
      previous = score(dueIn: hours)
    }
    // Further and further past it: never higher, and never below what a deadline a day ahead gives.
    let dayAhead = score(dueIn: 24)
    for hours in stride(from: -1.0, through: -24 * 60, by: -23) {
      #expect(score(dueIn: hours) <= previous + 1e-9, "overdue by \(-hours) h")
      #expect(score(dueIn: hours) >= dayAhead - 1e-9, "overdue by \(-hours) h")
      previous = score(dueIn: hours)
    }
  }

  @Test("with more asks than the shortlist holds, now and now --all choose the same five, due soonest first")
  func manyAsks() {
    // Sixty obligations due tonight that score well, and one due in two hours that scores less.
    var tasks = (1...60).map { offset in
      var task = Fixtures.task(
        Int64(offset), "\(SeededRandom.objects[offset % 10]) form \(offset)", due: now.addingTimeInterval(14 * 3600),
        energy: .medium, estimate: 10)
      task.type = .obligation
      return task
    }
    var soon = Fixtures.task(1000, "ring the school back", due: now.addingTimeInterval(2 * 3600), energy: .high)
    soon.type = .obligation
    tasks.append(soon)
    let context = context(energy: .medium)
    let quick = Ranking.rank(tasks: tasks, context: context).map(\.task.id)
    let whole = Ranking.evaluate(tasks: tasks, context: context).suggestions.map(\.task.id)
    #expect(quick == whole)
    #expect(quick.contains(TaskID(1000)), "\(quick)")
  }

  @Test("more energy never lowers a demanding task against an easy one", arguments: seeds)
  func moreEnergy(_ seed: UInt64) {
    var random = SeededRandom(seed)
    var hard = random.task(id: 1, now: now)
    var easy = random.task(id: 2, now: now)
    for index in [0, 1] {
      var task = index == 0 ? hard : easy
      task.status = .active
      task.deferral = nil
      task.blockedBy = []
      task.start = nil
      // Due soon, so no energy level hides it and the comparison is of scores.
      task.due = now.addingTimeInterval(3600)
      task.energy = index == 0 ? .high : .low
      if index == 0 { hard = task } else { easy = task }
    }
    var previous = -Double.infinity
    for energy in [EnergyLevel.low, .medium, .high] {
      let candidates = Ranking.evaluate(tasks: [hard, easy], context: context(energy: energy)).candidates
      let score = { (id: Int64) in candidates.first { $0.task.id.rawValue == id }?.score ?? 0 }
      let gap = score(1) - score(2)
      #expect(gap >= previous - 1e-9, "\(energy)")
      previous = gap
    }
  }

  @Test("obligations due today are shown, unless the five are full of them and a way in", arguments: seeds)
  func obligationsDueToday(_ seed: UInt64) {
    var random = SeededRandom(seed)
    var tasks = random.tasks(count: 25, now: now)
    var obligation = Fixtures.task(500, "pay the rent", created: now.addingTimeInterval(-86_400))
    obligation.type = .obligation
    obligation.due = now.addingTimeInterval(10 * 3600)
    tasks.append(obligation)
    let endOfToday = now.addingTimeInterval(15 * 3600)
    for energy in [nil, EnergyLevel.low, .high] {
      let suggestions = Ranking.rank(tasks: tasks, context: context(energy: energy))
      guard !suggestions.contains(where: { $0.task.id == obligation.id }) else { continue }
      let others = suggestions.filter { $0.task.type != .obligation || ($0.task.due ?? .distantFuture) > endOfToday }
      #expect(suggestions.count == 5 && others.count <= 1, "\(energy as Any): \(suggestions.map(\.task.id))")
    }
  }

  @Test("never more than five, never more than two sharing a tag", arguments: seeds)
  func variety(_ seed: UInt64) {
    var random = SeededRandom(seed)
    let tasks = random.tasks(count: 40, now: now)
    let suggestions = Ranking.rank(tasks: tasks, context: context())
    #expect(suggestions.count <= 5)
    let pinned = Set(
      suggestions.filter {
        $0.task.type == .obligation && ($0.task.due ?? .distantFuture) < now.addingTimeInterval(15 * 3600)
      }.map(\.task.id))
    for tag in ["home", "work", "health"] {
      let sharing = suggestions.filter { $0.task.tags.contains(tag) && !pinned.contains($0.task.id) }
      #expect(sharing.count <= 2, "\(tag)")
    }
  }

  @Test("the why names the terms that really contributed most, largest first", arguments: seeds)
  func whyIsTrue(_ seed: UInt64) {
    var random = SeededRandom(seed)
    let tasks = random.tasks(count: 30, now: now)
    let context = context(energy: .medium, minutes: 45)
    let evaluator = Evaluator(tasks: tasks, context: context, settings: EngineSettings())
    let phrases = WhyPhrases(context: context, evaluator: evaluator)
    for suggestion in Ranking.rank(tasks: tasks, context: context) {
      let contributions = suggestion.terms.map(\.contribution)
      #expect(contributions == contributions.sorted(by: >), "terms come largest first")
      let expected = suggestion.terms.filter { $0.contribution > 0 }.prefix(3).compactMap {
        phrases.phrase($0, suggestion.task)
      }
      #expect(suggestion.why == (expected.isEmpty ? suggestion.why : expected))
      #expect(!suggestion.why.isEmpty && suggestion.why.count <= 3)
      #expect(abs(suggestion.score - suggestion.terms.reduce(0) { $0 + $1.contribution }) < 1e-9)
    }
  }

  @Test("due phrases are calm and relative to the user's day")
  func duePhrases() {
    let context = NowContext(instant: Fixtures.now, timeZone: utc)
    let phrases = WhyPhrases(context: context, evaluator: Evaluator(tasks: [], context: context, settings: .init()))
    #expect(phrases.dueText(Fixtures.at("2026-11-21T17:00:00Z")) == "due today at 17:00")
    #expect(phrases.dueText(Fixtures.at("2026-11-22T09:30:00Z")) == "due tomorrow at 09:30")
    #expect(phrases.dueText(Fixtures.at("2026-11-21T06:00:00Z")) == "was due 3 hours ago")
    #expect(phrases.dueText(Fixtures.at("2026-11-20T06:00:00Z")) == "was due yesterday")
    #expect(phrases.dueText(Fixtures.at("2026-11-18T06:00:00Z")) == "overdue since Wednesday")
    #expect(phrases.dueText(Fixtures.at("2026-10-23T17:00:00Z")) == "overdue since 23 October")
    #expect(phrases.dueText(Fixtures.at("2025-12-24T17:00:00Z")) == "overdue since 24 December 2025")
    #expect(phrases.dueText(Fixtures.at("2026-12-03T09:00:00Z")) == "due Thu 3 Dec at 09:00")
    #expect(phrases.dueText(Fixtures.at("2026-11-27T23:59:59Z")) == "due Friday, end of day")
  }

  @Test("near-identical titles are one family; titles that share only a verb are not")
  func titleFamilies() {
    let kin = [
      ("write report 3", "write report 7"), ("invoice client #101", "Invoice client #102"),
      ("Acme: send the invoice", "acme: call Bob"), ("Q4 - book the venue", "Q4 - order the food"),
      ("review PR auth refactor", "review PR billing fix"), ("buy milk and eggs", "buy milk"),
      ("write the report for Acme", "write the report for Beta"), ("call mum", "call mum"),
    ]
    let strangers = [
      ("pay the gas bill", "pay the water bill"), ("call mum", "call dad"), ("clean the kitchen", "clean the bath"),
      ("buy milk", "buy bread"), ("Acme: send the invoice", "Beta: send the invoice"), ("fix the bike", "fix"),
      ("re 3", "re: budget"),
    ]
    for (a, b) in kin {
      #expect(TitleFamily(a).isKin(of: TitleFamily(b)) && TitleFamily(b).isKin(of: TitleFamily(a)), "\(a) ~ \(b)")
    }
    for (a, b) in strangers {
      #expect(!TitleFamily(a).isKin(of: TitleFamily(b)), "\(a) is no kin of \(b)")
    }
  }

  @Test("a way in is always among the five, and leads at low energy", arguments: seeds)
  func alwaysAWayIn(_ seed: UInt64) {
    var random = SeededRandom(seed)
    var tasks = random.tasks(count: 30, now: now)
    // A wall of overdue, demanding obligations on top.
    for offset in 0..<12 {
      var wall = Fixtures.task(
        Int64(200 + offset), "\(SeededRandom.objects[offset % 10]) audit part \(offset)",
        created: now.addingTimeInterval(-40 * 86_400),
        due: now.addingTimeInterval(-Double(offset + 1) * 86_400), energy: .high, estimate: 120)
      wall.type = .obligation
      tasks.append(wall)
    }
    for energy in [nil, EnergyLevel.low, .medium, .high] {
      let context = context(energy: energy)
      let evaluation = Ranking.evaluate(tasks: tasks, context: context)
      let evaluator = Evaluator(tasks: tasks, context: context, settings: EngineSettings())
      let anyWayIn = evaluation.candidates.contains { evaluator.isWayIn($0.task, $0.kind) }
      let ways = evaluation.suggestions.filter { evaluator.isWayIn($0.task, $0.kind) }
      #expect(!anyWayIn || !ways.isEmpty, "\(energy as Any)")
      if energy == .low, anyWayIn {
        #expect(evaluation.suggestions.first.map { evaluator.isWayIn($0.task, $0.kind) } == true)
      }
      let overreach = evaluation.suggestions.filter { evaluator.isOverreach($0.task) }
      #expect(overreach.count <= 2, "\(energy as Any)")
      #expect(overreach.allSatisfy { $0.kind != .task || ($0.task.estimateMinutes ?? 0) <= 15 })
      #expect(evaluation.overdue == tasks.count { $0.status.isOpen && ($0.due.map { $0 <= now } ?? false) })
    }
  }

  @Test("weights come from config.json, and a bad one is refused with its name")
  func configuredWeights() throws {
    let settings = try JSONDecoder().decode(
      EngineSettings.self, from: Data(#"{"weights":{"deadline":20,"energyFit":1},"planningFallacy":2}"#.utf8))
    #expect(settings.weights.deadline == 20)
    #expect(settings.weights.energyFit == 1)
    #expect(settings.weights.value == EngineSettings().weights.value)
    #expect(settings.planningFallacy == 2)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(EngineSettings.self, from: Data(#"{"weights":{"deadline":-1}}"#.utf8))
    }
  }
}
