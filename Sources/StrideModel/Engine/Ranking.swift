import Foundation
import StrideBase

/// The context engine: at most five things to start now, each with its why. Pure: (tasks, context) → values,
/// with no clock, no I/O and no globals; the same input in any order gives the same output. A list long enough is
/// scanned in parts on the system's shared threads (`SideBySide`, the model's only use of threads), which gives what
/// one pass gives.
///
/// Docs/context-engine.md explains the model: filters, candidates, score, assembly and the why.
public enum Ranking {
  /// Everything the engine decided: the suggestions, the candidates, and the hidden tasks.
  public struct Evaluation: Sendable {
    public var suggestions: [Suggestion]
    /// Candidates, best first: every one with `detail`, else only those the suggestions were chosen from.
    public var candidates: [Candidate]
    /// With `detail`: the tasks the filters hide, in id order, each with why.
    public var hidden: [HiddenTask]
    /// With `detail`: the candidates that are not among the suggestions, best first, each with why (a variety or
    /// energy limit, or the places going to others).
    public var passedOver: [HiddenTask]
    /// How many open tasks are overdue (hidden ones too).
    public var overdue: Int
    /// How many tasks that could be started now are not among the suggestions though they have been out of the
    /// person's view for `waitedDays` or more (0 without sightings): the list says so, and how to see them.
    public var outOfViewLong = 0
  }

  /// At most `context.limit` suggestions, assembled from the best candidates.
  public static func rank(
    tasks: [StrideTask], context: NowContext, settings: EngineSettings = EngineSettings()
  ) -> [Suggestion] {
    evaluate(tasks: tasks, context: context, settings: settings, detail: false).suggestions
  }

  /// The evaluation. Without `detail` only the few best candidates are built in full and hidden tasks are not
  /// described: that is what keeps `now` fast with a hundred thousand open tasks.
  public static func evaluate(
    tasks: [StrideTask], context: NowContext, settings: EngineSettings = EngineSettings(), detail: Bool = true
  ) -> Evaluation {
    let evaluator = Evaluator(tasks: tasks, context: context, settings: settings)
    let scoring = Scoring(evaluator: evaluator)
    let (parts, hiddenCodes) = scan(tasks, evaluator: evaluator, scoring: scoring, detail: detail)
    let before = { (a: Scored, b: Scored) in
      a.score != b.score
        ? a.score > b.score
        : tasks.withUnsafeBufferPointer { comesFirst(a, $0[a.index], b, $0[b.index]) }
    }
    let full = { (entry: Scored) -> Candidate in
      var candidate = evaluator.candidate(tasks[entry.index], kind: entry.verdict, resurfaced: entry.resurfaced)
      candidate.score = entry.score
      return candidate
    }
    let assembly = Assembly(
      settings: settings, context: context, tasks: tasks, scoring: scoring, evaluator: evaluator, before: before)
    // The shortlist holds everything assembly ever looks through, so it chooses as it would from every candidate.
    let pool =
      detail ? parts.joined().sorted(by: before) : shortlist(parts, by: before, size: Assembly.varietyScan)
    let chosen = assembly.choose(from: pool)
    let phrases = WhyPhrases(context: context, evaluator: evaluator)
    let suggestions = chosen.map(full).map { candidate in
      Suggestion(
        kind: candidate.kind, task: candidate.task, step: candidate.step, prompt: candidate.prompt,
        score: candidate.score, terms: candidate.terms, why: phrases.reasons(for: candidate))
    }
    let hidden = hiddenCodes.map { index, code in
      HiddenTask(task: tasks[index].settled(at: context.instant), hidden: evaluator.describe(code, tasks[index]))
    }.sorted { $0.task.id < $1.task.id }
    let families = detail ? chosen.map { TitleFamily(tasks[$0.index].title) } : []
    let passedOver =
      detail
      ? pool.filter { entry in !chosen.contains { $0.index == entry.index } }.map { entry in
        HiddenTask(
          task: tasks[entry.index].settled(at: context.instant), hidden: assembly.leftOut(entry, chosen, families))
      } : []
    return Evaluation(
      suggestions: suggestions, candidates: detail ? pool.map(full) : chosen.map(full), hidden: hidden,
      passedOver: passedOver, overdue: evaluator.overdue,
      outOfViewLong: parts.reduce(0) { $0 + $1.count(where: \.outOfViewLong) } - chosen.count(where: \.outOfViewLong))
  }

  /// Every task through the filters, and the candidates scored: with `detail`, also which filter hides each of the
  /// others. A long list is scanned in parts side by side; the candidates stay in their parts, in order (joined, they
  /// would be copied once more, 4 MB at 100,000 tasks, only to be read through once).
  private static func scan(_ tasks: [StrideTask], evaluator: Evaluator, scoring: Scoring, detail: Bool) -> (
    [[Scored]], [(Int, HiddenCode)]
  ) {
    let parts = SideBySide.parts(of: tasks.count) { range in
      scan(tasks, range, evaluator: evaluator, scoring: scoring, detail: detail)
    }
    return (parts.map(\.0), parts.count == 1 ? parts[0].1 : parts.flatMap(\.1))
  }

  /// The scan of the tasks in `range`.
  private static func scan(
    _ tasks: [StrideTask], _ range: Range<Int>, evaluator: Evaluator, scoring: Scoring, detail: Bool
  ) -> ([Scored], [(Int, HiddenCode)]) {
    // Through a buffer pointer, with no copy of the array. The lists are built inside the closure and returned: a
    // captured `var` would be checked on every append.
    tasks.withUnsafeBufferPointer { buffer -> ([Scored], [(Int, HiddenCode)]) in
      var scored: [Scored] = []
      var hiddenCodes: [(Int, HiddenCode)] = []
      scored.reserveCapacity(range.count)
      for index in range {
        // One counted copy for all the questions below: each read of `buffer[index]` would count the task again.
        let task = buffer[index]
        switch evaluator.check(task) {
        case .hidden(let code):
          if detail { hiddenCodes.append((index, code)) }
        case .candidate(let verdict, let resurfaced):
          scored.append(
            Self.scored(
              task, at: index, verdict: verdict, resurfaced: resurfaced, evaluator: evaluator,
              scoring: scoring))
        }
      }
      return (scored, hiddenCodes)
    }
  }

  /// A task the filters let through, scored, with what assembly needs to know of it.
  private static func scored(
    _ task: borrowing StrideTask, at index: Int, verdict: Suggestion.Kind?, resurfaced: DeferReason?,
    evaluator: Evaluator, scoring: Scoring
  ) -> Scored {
    let kind = evaluator.kind(verdict, task)
    let rota = evaluator.inStuckRota(task, kind, resurfaced: resurfaced)
    let outOfView = evaluator.outOfViewSince(task)
    return Scored(
      index: index, score: scoring.score(for: task, kind: kind, resurfaced: resurfaced, outOfView: outOfView),
      verdict: verdict, resurfaced: resurfaced, wayIn: evaluator.isWayIn(task, kind),
      ask: evaluator.ask(task, kind, resurfaced: resurfaced, rota: rota), userPinned: task.pinned,
      overreach: evaluator.isOverreach(task), turnOrder: rota ? outOfView.timeIntervalSince1970 : 0,
      outOfViewLong: evaluator.outOfViewLong(task, since: outOfView))
  }

  /// A candidate before it is built in full: where the task is, its score, and what assembly needs to know.
  struct Scored {
    var index: Int
    var score: Double
    var verdict: Suggestion.Kind?
    var resurfaced: DeferReason?
    var wayIn: Bool
    /// What it is asked for as at this moment, if it is (`Evaluator.Ask`): an obligation due soon, a follow-up that
    /// has come, a task back at its time, a stuck task waiting for its turn.
    var ask: Evaluator.Ask?
    /// Asked for: taken before the rest (a stuck task only in its turn).
    var requested: Bool { ask != nil }
    /// Pinned by the user: always shown, first.
    var userPinned: Bool
    /// Needs far more energy than the user has (shown only because it is pressing).
    var overreach: Bool
    /// Stuck, and offered only in its turn.
    var rota: Bool { ask == .stuckTurn }
    /// Its place in the stuck rota: when it went out of view (earliest first).
    var turnOrder: TimeInterval = 0
    /// Out of the person's view for `waitedDays` or more.
    var outOfViewLong = false
  }

  /// The best few candidates, every pinned or asked-for one, and the best ways in: enough for assembly, without
  /// sorting them all.
  static func shortlist(_ parts: [[Scored]], by before: (Scored, Scored) -> Bool, size: Int) -> [Scored] {
    var best = Best(size: size)
    var wayIn = Best(size: 12)
    var requested = Best(size: size)
    var pinned: [Scored] = []
    for entry in parts.joined() {
      if best.admits(entry) { best.keep(entry, by: before) }
      if entry.wayIn, wayIn.admits(entry) { wayIn.keep(entry, by: before) }
      // Every pin; the best of what was asked for (the assembly takes at most five of them).
      if entry.userPinned {
        pinned.append(entry)
      } else if entry.requested {
        requested.keep(entry, by: { a, b in Assembly.asksFirst(a, b, before) })
      }
    }
    var chosen = best.entries
    var seen = Set(chosen.map(\.index))
    for entry in wayIn.entries + pinned + requested.entries where seen.insert(entry.index).inserted {
      chosen.append(entry)
    }
    return chosen.sorted(by: before)
  }

  /// The best `size` entries so far, in order.
  struct Best {
    let size: Int
    private(set) var entries: [Scored] = []

    init(size: Int) { self.size = size }

    /// Whether `entry` may belong by score: there is room, or it scores no lower than the last one kept. Most
    /// candidates are turned away here, without the tie-breaks.
    func admits(_ entry: Scored) -> Bool {
      entries.count < size || entry.score >= entries[entries.count - 1].score
    }

    mutating func keep(_ entry: Scored, by before: (Scored, Scored) -> Bool) {
      guard entries.count < size || before(entry, entries[entries.count - 1]) else { return }
      // Binary search for the place: the list is ordered by `before`.
      var (low, high) = (0, entries.count)
      while low < high {
        let middle = (low + high) / 2
        if before(entry, entries[middle]) { high = middle } else { low = middle + 1 }
      }
      entries.insert(entry, at: low)
      if entries.count > size { entries.removeLast() }
    }
  }

  /// Higher score first; ties by deadline, started, shorter, older, then id.
  static func comesFirst(_ a: Candidate, _ b: Candidate) -> Bool {
    comesFirst(
      Scored(
        index: 0, score: a.score, verdict: nil, resurfaced: nil, wayIn: false, ask: nil, userPinned: false,
        overreach: false),
      a.task,
      Scored(
        index: 0, score: b.score, verdict: nil, resurfaced: nil, wayIn: false, ask: nil, userPinned: false,
        overreach: false),
      b.task)
  }

  static func comesFirst(_ a: Scored, _ x: StrideTask, _ b: Scored, _ y: StrideTask) -> Bool {
    if a.score != b.score { return a.score > b.score }
    switch (x.due, y.due) {
    case (let p?, let q?) where p != q: return p < q
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    let (startedX, startedY) = (x.subtasks.contains(where: \.done), y.subtasks.contains(where: \.done))
    if startedX != startedY { return startedX }
    let (p, q) = (x.estimateMinutes ?? Int.max, y.estimateMinutes ?? Int.max)
    if p != q { return p < q }
    if x.createdAt != y.createdAt { return x.createdAt < y.createdAt }
    return x.id < y.id
  }
}
