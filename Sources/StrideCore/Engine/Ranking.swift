import Foundation

/// The context engine: at most five things to start now, each with its why. Pure: (tasks, context) → values,
/// with no clock, no I/O and no globals; the same input in any order gives the same output.
///
/// Docs/context-engine.md explains the model: filters, candidates, score, assembly and the why.
public enum Ranking {
  /// Everything the engine decided: the suggestions, the candidates that did not make it, and the hidden tasks.
  public struct Evaluation: Sendable {
    public var suggestions: [Suggestion]
    /// Every candidate, best first (the suggestions are chosen from these).
    public var candidates: [Candidate]
    /// Tasks the filters hide, in id order, each with why.
    public var hidden: [HiddenTask]
  }

  /// At most `context.limit` suggestions, assembled from the best candidates.
  public static func rank(
    tasks: [StrideTask], context: NowContext, settings: EngineSettings = EngineSettings()
  ) -> [Suggestion] {
    evaluate(tasks: tasks, context: context, settings: settings).suggestions
  }

  /// The whole evaluation: suggestions, candidates and hidden tasks.
  public static func evaluate(
    tasks: [StrideTask], context: NowContext, settings: EngineSettings = EngineSettings()
  ) -> Evaluation {
    let evaluator = Evaluator(tasks: tasks, context: context, settings: settings)
    var candidates: [Candidate] = []
    var hidden: [HiddenTask] = []
    for task in tasks {
      switch evaluator.evaluate(task) {
      case .success(let candidate): candidates.append(candidate)
      case .failure(let reason): hidden.append(reason)
      }
    }
    candidates.sort(by: comesFirst)
    hidden.sort { $0.task.id < $1.task.id }
    let chosen = Assembly(settings: settings, context: context).choose(from: candidates)
    let phrases = WhyPhrases(context: context, evaluator: evaluator)
    let suggestions = chosen.map { candidate in
      Suggestion(
        kind: candidate.kind, task: candidate.task, step: candidate.step, prompt: candidate.prompt,
        score: candidate.score, terms: candidate.terms, why: phrases.reasons(for: candidate))
    }
    return Evaluation(suggestions: suggestions, candidates: candidates, hidden: hidden)
  }

  /// Higher score first; ties by deadline, started, shorter, older, then id.
  static func comesFirst(_ a: Candidate, _ b: Candidate) -> Bool {
    if a.score != b.score { return a.score > b.score }
    switch (a.task.due, b.task.due) {
    case (let x?, let y?) where x != y: return x < y
    case (.some, nil): return true
    case (nil, .some): return false
    default: break
    }
    if a.task.progress.started != b.task.progress.started { return a.task.progress.started }
    let (x, y) = (a.task.estimateMinutes ?? Int.max, b.task.estimateMinutes ?? Int.max)
    if x != y { return x < y }
    if a.task.createdAt != b.task.createdAt { return a.task.createdAt < b.task.createdAt }
    return a.task.id < b.task.id
  }
}

/// Chooses and orders the few suggestions from the ranked candidates.
struct Assembly {
  let settings: EngineSettings
  let context: NowContext

  /// Obligations due today first (always shown), then the best candidates, at most `perTagLimit` sharing a tag
  /// (variety over quantity: fewer than five rather than five of one project); at least one quick start when there
  /// is one; low energy leads with a warm-up, high energy with the most valuable task.
  func choose(from ranked: [Candidate]) -> [Candidate] {
    let limit = max(0, min(context.limit, NowContext.maximumLimit))
    guard limit > 0 else { return [] }
    var chosen = Array(ranked.filter(\.pinned).prefix(limit))
    for candidate in ranked where chosen.count < limit && !chosen.contains(where: { $0.task.id == candidate.task.id }) {
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
    chosen.sort(by: Ranking.comesFirst)
    if let leader = leader(chosen), leader > 0 {
      chosen.insert(chosen.remove(at: leader), at: 0)
    }
    return chosen
  }

  private func fitsTagLimit(_ candidate: Candidate, _ chosen: [Candidate]) -> Bool {
    candidate.task.tags.allSatisfy { tag in
      chosen.count(where: { $0.task.tags.contains(tag) }) < settings.perTagLimit
    }
  }

  /// Low energy: the best warm-up (an estimate of `warmUpMinutes` or less). High energy: the most valuable.
  private func leader(_ chosen: [Candidate]) -> Int? {
    switch context.energy {
    case .low:
      return chosen.firstIndex {
        $0.task.estimateMinutes.map { Double($0) <= settings.warmUpMinutes } ?? false
      }
    case .high:
      let value = { (candidate: Candidate) in candidate.terms.first { $0.term == .value }?.contribution ?? 0 }
      guard let best = chosen.map(value).max() else { return nil }
      return chosen.firstIndex { value($0) == best }
    default:
      return nil
    }
  }
}
