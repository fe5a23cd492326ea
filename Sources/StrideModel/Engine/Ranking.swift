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
    /// With `detail`: the candidates that are not among the suggestions, best first, each with why (a variety or
    /// energy limit, or the places going to others).
    public var passedOver: [HiddenTask]
    /// How many open tasks are overdue (hidden ones too).
    public var overdue: Int
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
    let (scored, hiddenCodes) = scan(tasks, evaluator: evaluator, scoring: scoring, detail: detail)
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
    let pool = detail ? scored.sorted(by: before) : shortlist(scored, by: before, size: Assembly.varietyScan)
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
      passedOver: passedOver, overdue: evaluator.overdue)
  }

  /// Every task through the filters, and the candidates scored: with `detail`, also which filter hides each of the
  /// others. A long list is scanned in parts side by side.
  private static func scan(_ tasks: [StrideTask], evaluator: Evaluator, scoring: Scoring, detail: Bool) -> (
    [Scored], [(Int, HiddenCode)]
  ) {
    let parts = SideBySide.parts(of: tasks.count) { range in
      scan(tasks, range, evaluator: evaluator, scoring: scoring, detail: detail)
    }
    return parts.count == 1 ? parts[0] : (parts.flatMap(\.0), parts.flatMap(\.1))
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
        // One counted copy for all the questions below: each `pointee` read would count the task again.
        let task = buffer[index]
        switch evaluator.check(task) {
        case .hidden(let code):
          if detail { hiddenCodes.append((index, code)) }
        case .candidate(let verdict, let resurfaced):
          let kind = evaluator.kind(verdict, task)
          scored.append(
            Scored(
              index: index, score: scoring.score(for: task, kind: kind, resurfaced: resurfaced),
              verdict: verdict, resurfaced: resurfaced, wayIn: evaluator.isWayIn(task, kind),
              requested: evaluator.isRequested(task, kind, resurfaced: resurfaced),
              userPinned: task.pinned, overreach: evaluator.isOverreach(task)))
        }
      }
      return (scored, hiddenCodes)
    }
  }

  /// A candidate before it is built in full: where the task is, its score, and what assembly needs to know.
  struct Scored {
    var index: Int
    var score: Double
    var verdict: Suggestion.Kind?
    var resurfaced: DeferReason?
    var wayIn: Bool
    /// Asked for at this moment: an obligation due today, a follow-up that has come, a task back at its time.
    var requested: Bool
    /// Pinned by the user: always shown, first.
    var userPinned: Bool
    /// Needs far more energy than the user has (shown only because it is pressing).
    var overreach: Bool
  }

  /// The best few candidates, every pinned or asked-for one, and the best ways in: enough for assembly, without
  /// sorting them all.
  static func shortlist(_ scored: [Scored], by before: (Scored, Scored) -> Bool, size: Int) -> [Scored] {
    var best = Best(size: size)
    var wayIn = Best(size: 12)
    var requested = Best(size: size)
    var pinned: [Scored] = []
    for entry in scored {
      if best.admits(entry) { best.keep(entry, by: before) }
      if entry.wayIn, wayIn.admits(entry) { wayIn.keep(entry, by: before) }
      // Every pin; the best of what was asked for (the assembly takes at most five of them).
      if entry.userPinned {
        pinned.append(entry)
      } else if entry.requested, requested.admits(entry) {
        requested.keep(entry, by: before)
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

    /// Whether `entry` may belong: there is room, or it scores no lower than the last one kept. Most candidates
    /// are turned away here, without the tie-breaks.
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
        index: 0, score: a.score, verdict: nil, resurfaced: nil, wayIn: false, requested: false, userPinned: false,
        overreach: false),
      a.task,
      Scored(
        index: 0, score: b.score, verdict: nil, resurfaced: nil, wayIn: false, requested: false, userPinned: false,
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

/// Chooses and orders the few suggestions from the ranked candidates (before any is built in full).
struct Assembly {
  let settings: EngineSettings
  let context: NowContext
  let tasks: [StrideTask]
  let scoring: Scoring
  let evaluator: Evaluator
  let before: (Ranking.Scored, Ranking.Scored) -> Bool

  /// The user's pins first, then the best way in (whenever one exists, however much else presses), then what was
  /// asked for at this moment (obligations due today, follow-ups, tasks back at their time), then the best candidates; all within the variety limits (at most `perTagLimit` sharing a tag — obligations due
  /// today excepted — or one family of near-identical titles) and at most `overreachLimit` that need far more
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
    if let wayIn = ranked.first(where: { $0.wayIn && !$0.userPinned }), chosen.count < limit,
      !chosen.contains(where: \.wayIn)
    {
      take(wayIn)
    }
    // What was asked for is looked for among all; the rest among the best `varietyScan` (when a few families or
    // tags fill the list, fewer than five are shown rather than every candidate compared).
    for pass in [true, false] {
      for candidate in pass ? ranked[...] : ranked.prefix(Self.varietyScan)
      where candidate.requested == pass && chosen.count < limit {
        guard !chosen.contains(where: { $0.index == candidate.index }), fits(candidate, chosen, families) else {
          continue
        }
        take(candidate)
      }
    }
    chosen.sort(by: before)
    if let leader = leader(chosen), leader > 0 {
      chosen.insert(chosen.remove(at: leader), at: 0)
    }
    // Pins lead, in score order; the rest keep theirs.
    return chosen.filter(\.userPinned) + chosen.filter { !$0.userPinned }
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
    let score = String(format: "%.1f", entry.score)
    switch limit(entry, chosen, families) {
    case .overreach:
      let energy = context.energy?.rawValue ?? "low"
      return Hidden(
        .tooMuchEnergy,
        "it needs \(tasks[entry.index].energy.rawValue) energy and yours is \(energy); \(settings.overreachLimit) "
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
        // As many decimals as it takes for the two numbers to read differently: "higher" must be seen to be true.
        let shown = { (value: Double, digits: Int) in String(format: "%.\(digits)f", value) }
        let digits = (1...4).first { shown(lowest, $0) != shown(entry.score, $0) } ?? 4
        let (theirs, this) = (shown(lowest, digits), shown(entry.score, digits))
        return Hidden(.notInTop, "the tasks shown score higher (\(theirs) or more; this one \(this))")
      }
      // Places went to tasks that score lower: say what each of those is there for.
      let reasons = chosen.filter { $0.score < entry.score }.compactMap(placeReason)
      let unique = reasons.enumerated().filter { reasons.firstIndex(of: $0.element) == $0.offset }.map(\.element)
      return Hidden(
        .notInTop,
        "its score is \(score); the places went to "
          + (unique.isEmpty ? "tasks of other kinds, for variety" : listed(unique)))
    }
  }

  /// Why a candidate that scores lower holds a place: "your pins", "a way in you can start at once", or what it was
  /// asked for as.
  private func placeReason(_ entry: Ranking.Scored) -> String? {
    if entry.userPinned { return "your pins" }
    if entry.requested {
      let task = tasks[entry.index]
      if task.followUp.map({ $0 <= context.instant }) == true, task.status == .waiting {
        return "a check you asked for"
      }
      if task.status == .deferred, task.deferral?.reason.whileDeferred == .offeredAtOnce {
        return "a task you were unsure how to start"
      }
      if task.type == .obligation, task.due.map({ $0 <= evaluator.endOfToday }) == true {
        return "what is due today"
      }
      return "a task back at the time you chose"
    }
    return entry.wayIn ? "a way in you can start at once" : nil
  }

  /// Low energy: the best warm-up, else the best other way in. High energy: the most valuable. Otherwise, under a
  /// pile of overdue work, the best way in (the list then opens with "here is a way to start").
  private func leader(_ chosen: [Ranking.Scored]) -> Int? {
    switch context.energy {
    case .low:
      return chosen.firstIndex { evaluator.isWarmUp(tasks[$0.index]) } ?? chosen.firstIndex(where: \.wayIn)
    case .high:
      let value = { (entry: Ranking.Scored) in scoring.valueValue(tasks[entry.index]) }
      guard let best = chosen.map(value).max() else { return nil }
      return chosen.firstIndex { value($0) == best }
    default:
      return evaluator.overdue >= NowLimits.overduePile ? chosen.firstIndex(where: \.wayIn) : nil
    }
  }
}
