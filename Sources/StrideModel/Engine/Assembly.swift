import Foundation
import StrideBase

/// Chooses and orders the few suggestions from the ranked candidates (before any is built in full).
struct Assembly {
  let settings: EngineSettings
  let context: NowContext
  let tasks: [StrideTask]
  let scoring: Scoring
  let evaluator: Evaluator
  let before: (Ranking.Scored, Ranking.Scored) -> Bool

  /// The user's pins first, then the best way in (whenever one exists, however much else presses), then what was
  /// asked for at this moment (obligations due soon, follow-ups, tasks back at their time, the stuck task whose turn
  /// it is), then the best candidates; all within the variety limits (at most `perTagLimit` sharing a tag — what was
  /// asked for excepted — or one family of near-identical titles) and at most `overreachLimit` that need far more
  /// energy than the user has. Fewer than five rather than five of one kind. Low energy leads with a warm-up (or
  /// another way in), high energy with the most valuable task.
  func choose(from ranked: [Ranking.Scored]) -> [Ranking.Scored] {
    let limit = max(0, min(context.limit, NowLimits.maximumLimit))
    guard limit > 0 else { return [] }
    var chosen: [Ranking.Scored] = []
    var families: [TitleFamily] = []
    func take(_ candidate: Ranking.Scored) {
      chosen.append(candidate)
      families.append(TitleFamily(tasks[candidate.index].title))
    }
    // The user's pins come first, whatever they score (at most three exist).
    for candidate in ranked where candidate.userPinned && chosen.count < limit { take(candidate) }
    if let wayIn = ranked.first(where: { $0.wayIn && !$0.userPinned && !$0.rota }), chosen.count < limit,
      !chosen.contains(where: \.wayIn)
    {
      take(wayIn)
    }
    // What was asked for is looked for among all, in the order of the asking (`asksFirst`): of the stuck tasks, only
    // the first that fits is taken, and the others wait for their turn. The rest are looked for among the best
    // `varietyScan` (when a few families or tags fill the list, fewer than five are shown rather than every candidate
    // compared).
    var turnTaken = false
    for candidate in ranked.filter(\.requested).sorted(by: { Self.asksFirst($0, $1, before) })
    where chosen.count < limit && !(candidate.rota && turnTaken) {
      guard !chosen.contains(where: { $0.index == candidate.index }), fits(candidate, chosen, families) else {
        continue
      }
      take(candidate)
      turnTaken = turnTaken || candidate.rota
    }
    for candidate in ranked.prefix(Self.varietyScan) where !candidate.requested && chosen.count < limit {
      guard !chosen.contains(where: { $0.index == candidate.index }), fits(candidate, chosen, families) else {
        continue
      }
      take(candidate)
    }
    chosen.sort(by: before)
    if let leader = leader(chosen), leader > 0 {
      chosen.insert(chosen.remove(at: leader), at: 0)
    }
    // Pins lead, in score order; the rest keep theirs.
    return chosen.filter(\.userPinned) + chosen.filter { !$0.userPinned }
  }

  /// The order of the asking: by what it is asked for as (`Evaluator.Ask`); stuck tasks in their turn, the one out
  /// of view longest first; the rest best first.
  static func asksFirst(
    _ a: Ranking.Scored, _ b: Ranking.Scored, _ before: (Ranking.Scored, Ranking.Scored) -> Bool
  ) -> Bool {
    if a.ask != b.ask { return (a.ask?.rawValue ?? Int.max) < (b.ask?.rawValue ?? Int.max) }
    if a.rota, a.turnOrder != b.turnOrder { return a.turnOrder < b.turnOrder }
    return before(a, b)
  }

  /// How many of the best candidates the last pass looks through for ones that keep the variety limits.
  static let varietyScan = 48

  /// Within the variety limits and the overreach limit, beside what is chosen already.
  private func fits(_ candidate: Ranking.Scored, _ chosen: [Ranking.Scored], _ families: [TitleFamily]) -> Bool {
    limit(candidate, chosen, families) == nil
  }

  /// The limit a candidate would break beside what is chosen: too many needing far more energy, too many with one
  /// of its tags (obligations due today are exempt), or too many of its family of titles.
  private func limit(_ candidate: Ranking.Scored, _ chosen: [Ranking.Scored], _ families: [TitleFamily]) -> Limit? {
    if candidate.overreach, chosen.count(where: \.overreach) >= settings.overreachLimit { return .overreach }
    let task = tasks[candidate.index]
    if !candidate.requested, !candidate.userPinned, task.repeats,
      chosen.count(where: { !$0.requested && !$0.userPinned && tasks[$0.index].repeats }) >= settings.routineLimit
    {
      return .routines
    }
    if !candidate.requested {
      for tag in task.tags where chosen.count(where: { tasks[$0.index].tags.contains(tag) }) >= settings.perTagLimit {
        return .tag(tag)
      }
    }
    // The same but for numbers is found from a hash, before the title is read whole.
    if let key = TitleFamily.wordsKey(task.title), families.count(where: { $0.key == key }) >= settings.perTagLimit {
      return .family
    }
    let family = TitleFamily(task.title)
    return families.count(where: family.isKin) >= settings.perTagLimit ? .family : nil
  }

  enum Limit: Equatable {
    case overreach, family, routines
    case tag(String)
  }

  /// Why a candidate is not among the chosen: the limit it breaks, else the places went to others.
  func leftOut(_ entry: Ranking.Scored, _ chosen: [Ranking.Scored], _ families: [TitleFamily]) -> Hidden {
    // A stuck task not taken in its turn waits for it.
    if entry.rota { return evaluator.describe(.stuck, tasks[entry.index]) }
    let score = Self.said(entry.score)
    switch limit(entry, chosen, families) {
    case .overreach:
      return Hidden(
        .tooMuchEnergy,
        "it needs \(tasks[entry.index].energy.rawValue) energy and \(context.energyIs); \(settings.overreachLimit) "
          + "such tasks are shown already, as their first 15 minutes")
    case .tag(let tag):
      return Hidden(.variety, "\(settings.perTagLimit) tasks tagged \(tag) are shown already")
    case .family:
      return Hidden(.variety, "\(settings.perTagLimit) tasks much like it are shown already")
    case .routines:
      return Hidden(.variety, "\(settings.routineLimit) routines are shown already, to leave room for the rest")
    case nil:
      if let tie = chosen.last(where: { $0.score == entry.score }) {
        return Hidden(
          .notInTop,
          "it ties on score (\(score)) with task \(tasks[tie.index].id), which goes first by due time, progress, "
            + "length, age or number")
      }
      let lowest = chosen.filter { !$0.wayIn }.map(\.score).min() ?? chosen.map(\.score).min() ?? 0
      guard entry.score >= lowest else {
        let theirs = Self.said(lowest)
        // "Higher" must be seen to be true: scores the same to two decimals are said to be so.
        guard theirs != score else {
          return Hidden(.notInTop, "the tasks shown score a little higher (all about \(score), this one just below)")
        }
        return Hidden(.notInTop, "the tasks shown score higher (\(theirs) or more; this one \(score))")
      }
      // Places went to tasks that score lower: say what each of those is there for, and that the rest are there
      // for variety.
      let lower = chosen.filter { $0.score < entry.score }
      let reasons = lower.map { placeReason($0, pins: lower.count(where: \.userPinned)) }
      let unique = reasons.enumerated().filter { reasons.firstIndex(of: $0.element) == $0.offset }.map(\.element)
      return Hidden(
        .notInTop, "its score is \(score); the places went to " + (unique.isEmpty ? Self.variety : listed(unique)))
    }
  }

  /// A score to two decimals, as `stride why` totals it, without the zeros at the end: "5.95", "24.2", "6".
  private static func said(_ score: Double) -> String {
    var text = score.fixed(2)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// What a place goes to when nothing else says: the limits keep the five varied.
  private static let variety = "tasks of other kinds, for variety"

  /// Why a candidate that scores lower holds a place: "your pin" (or "your pins", as many as `pins`), "a way in you
  /// can start at once", what it was asked for as, or variety.
  private func placeReason(_ entry: Ranking.Scored, pins: Int) -> String {
    if entry.userPinned { return pins == 1 ? "your pin" : "your pins" }
    switch entry.ask {
    case .dueWithinHours, .dueWithinDay: return "what is due soon"
    case .stuckTurn: return "the stuck task whose turn it is"
    case .byThePerson:
      let task = tasks[entry.index]
      if task.followUp.map({ $0 <= context.instant }) == true, task.status == .waiting {
        return "a check you asked for"
      }
      if evaluator.askedAtOnce(task, status: evaluator.status(task)) { return "a task you were unsure how to start" }
      return "a task back at the time you chose"
    case nil: break
    }
    return entry.wayIn ? "a way in you can start at once" : Self.variety
  }

  /// Low energy: the best warm-up, else the best other way in. High energy: the most valuable. Otherwise, under a
  /// pile of overdue work, the best way in (the list then opens with "here is a way to start").
  private func leader(_ chosen: [Ranking.Scored]) -> Int? {
    switch context.energy {
    case .low:
      return chosen.firstIndex { $0.wayIn && evaluator.isWarmUp(tasks[$0.index]) } ?? chosen.firstIndex(where: \.wayIn)
    case .high:
      let value = { (entry: Ranking.Scored) in scoring.valueValue(tasks[entry.index]) }
      guard let best = chosen.map(value).max() else { return nil }
      return chosen.firstIndex { value($0) == best }
    default:
      return evaluator.overdue >= NowLimits.overduePile ? chosen.firstIndex(where: \.wayIn) : nil
    }
  }
}
