import Foundation

/// The context engine: at most five things to start now, each with its why. Pure: (tasks, context) → values,
/// with no clock, no I/O and no globals; the same input in any order gives the same output.
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
    // Through a buffer pointer, each task is lent to the filters and the score in place: no copy of any task.
    // The lists are built inside the closure and returned: a captured `var` would be checked on every append.
    let (scored, hiddenCodes) = tasks.withUnsafeBufferPointer { buffer -> ([Scored], [(Int, HiddenCode)]) in
      var scored: [Scored] = []
      var hiddenCodes: [(Int, HiddenCode)] = []
      scored.reserveCapacity(buffer.count)
      guard let base = buffer.baseAddress else { return (scored, hiddenCodes) }
      for index in buffer.indices {
        let task = base + index
        switch evaluator.check(task.pointee) {
        case .hidden(let code):
          if detail { hiddenCodes.append((index, code)) }
        case .candidate(let verdict, let resurfaced):
          let kind = evaluator.kind(verdict, task.pointee)
          scored.append(
            Scored(
              index: index, score: scoring.score(for: task.pointee, kind: kind, resurfaced: resurfaced),
              verdict: verdict, resurfaced: resurfaced, quick: evaluator.isQuick(task.pointee, kind),
              pinned: evaluator.isPinned(task.pointee, kind)))
        }
      }
      return (scored, hiddenCodes)
    }
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
    let assembly = Assembly(settings: settings, context: context, tasks: tasks, scoring: scoring, before: before)
    let pool = detail ? scored.sorted(by: before) : shortlist(scored, by: before)
    var chosen = assembly.choose(from: pool)
    if !detail, pool.count < scored.count, chosen.count < context.limit {
      // The tag limit used up the shortlist: choose again from every candidate.
      chosen = assembly.choose(from: scored.sorted(by: before))
    }
    let phrases = WhyPhrases(context: context, evaluator: evaluator)
    let suggestions = chosen.map(full).map { candidate in
      Suggestion(
        kind: candidate.kind, task: candidate.task, step: candidate.step, prompt: candidate.prompt,
        score: candidate.score, terms: candidate.terms, why: phrases.reasons(for: candidate))
    }
    let hidden = hiddenCodes.map { index, code in
      HiddenTask(task: tasks[index].settled(at: context.instant), hidden: evaluator.describe(code, tasks[index]))
    }.sorted { $0.task.id < $1.task.id }
    return Evaluation(
      suggestions: suggestions, candidates: detail ? pool.map(full) : chosen.map(full), hidden: hidden)
  }

  /// A candidate before it is built in full: where the task is, its score, and what assembly needs to know.
  struct Scored {
    var index: Int
    var score: Double
    var verdict: Suggestion.Kind?
    var resurfaced: DeferReason?
    var quick: Bool
    var pinned: Bool
  }

  /// The best few candidates, every pinned one, and the best quick starts: enough for assembly, without
  /// sorting them all.
  static func shortlist(_ scored: [Scored], by before: (Scored, Scored) -> Bool) -> [Scored] {
    var best: [Scored] = []
    var quick: [Scored] = []
    var pinned: [Scored] = []
    func keep(_ entry: Scored, in list: inout [Scored], size: Int) {
      guard list.count < size || before(entry, list[list.count - 1]) else { return }
      list.insert(entry, at: list.firstIndex { before(entry, $0) } ?? list.count)
      if list.count > size { list.removeLast() }
    }
    for entry in scored {
      keep(entry, in: &best, size: 40)
      if entry.quick { keep(entry, in: &quick, size: 12) }
      if entry.pinned { pinned.append(entry) }
    }
    var seen = Set(best.map(\.index))
    for entry in quick + pinned where seen.insert(entry.index).inserted { best.append(entry) }
    return best.sorted(by: before)
  }

  /// Higher score first; ties by deadline, started, shorter, older, then id.
  static func comesFirst(_ a: Candidate, _ b: Candidate) -> Bool {
    comesFirst(
      Scored(index: 0, score: a.score, verdict: nil, resurfaced: nil, quick: false, pinned: false), a.task,
      Scored(index: 0, score: b.score, verdict: nil, resurfaced: nil, quick: false, pinned: false), b.task)
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

/// Chooses and orders the few suggestions from the ranked candidates (before any is built in full).
struct Assembly {
  let settings: EngineSettings
  let context: NowContext
  let tasks: [StrideTask]
  let scoring: Scoring
  let before: (Ranking.Scored, Ranking.Scored) -> Bool

  /// Obligations due today first (always shown), then the best candidates, at most `perTagLimit` sharing a tag
  /// (variety over quantity: fewer than five rather than five of one project); at least one quick start when there
  /// is one; low energy leads with a warm-up, high energy with the most valuable task.
  func choose(from ranked: [Ranking.Scored]) -> [Ranking.Scored] {
    let limit = max(0, min(context.limit, NowContext.maximumLimit))
    guard limit > 0 else { return [] }
    var chosen = Array(ranked.filter(\.pinned).prefix(limit))
    for candidate in ranked where chosen.count < limit && !chosen.contains(where: { $0.index == candidate.index }) {
      guard fitsTagLimit(candidate, chosen) else { continue }
      chosen.append(candidate)
    }
    if !chosen.contains(where: \.quick) {
      // Room left: add the best quick start; a full list: it takes the place of the last one that is not pinned.
      var others = chosen
      if chosen.count == limit, let last = chosen.lastIndex(where: { !$0.pinned }) { others.remove(at: last) }
      if others.count < limit, let quick = ranked.first(where: { $0.quick && fitsTagLimit($0, others) }) {
        chosen = others + [quick]
      }
    }
    chosen.sort(by: before)
    if let leader = leader(chosen), leader > 0 {
      chosen.insert(chosen.remove(at: leader), at: 0)
    }
    return chosen
  }

  private func fitsTagLimit(_ candidate: Ranking.Scored, _ chosen: [Ranking.Scored]) -> Bool {
    tasks[candidate.index].tags.allSatisfy { tag in
      chosen.count(where: { tasks[$0.index].tags.contains(tag) }) < settings.perTagLimit
    }
  }

  /// Low energy: the best warm-up (an estimate of `warmUpMinutes` or less). High energy: the most valuable.
  private func leader(_ chosen: [Ranking.Scored]) -> Int? {
    switch context.energy {
    case .low:
      return chosen.firstIndex {
        tasks[$0.index].estimateMinutes.map { Double($0) <= settings.warmUpMinutes } ?? false
      }
    case .high:
      let value = { (entry: Ranking.Scored) in scoring.valueValue(tasks[entry.index]) }
      guard let best = chosen.map(value).max() else { return nil }
      return chosen.firstIndex { value($0) == best }
    default:
      return nil
    }
  }
}
