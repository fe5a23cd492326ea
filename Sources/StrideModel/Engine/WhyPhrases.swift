import Foundation
import StrideBase

/// The short reasons shown with a suggestion: its largest contributions, largest first, in the user's words.
struct WhyPhrases {
  let context: NowContext
  let evaluator: Evaluator
  private let time: HumanTime

  init(context: NowContext, evaluator: Evaluator) {
    self.context = context
    self.evaluator = evaluator
    time = HumanTime(now: context.instant, timeZone: context.timeZone)
  }

  /// The two or three largest positive contributions as phrases (terms are already sorted, largest first).
  func reasons(for candidate: Candidate) -> [String] {
    let positive = candidate.terms.filter { $0.contribution > 0 }
    var phrases = positive.prefix(3).compactMap { phrase($0, candidate.task) }
    if candidate.task.pinned {
      phrases = Array((["pinned"] + phrases).prefix(3))
    } else if candidate.kind == .checkOn, let followUp = candidate.task.followUp {
      // The moment to check has come: that is the first reason, said as true — the person's own time, or Stride's
      // check-in after a `blocked` deferral without one.
      let check =
        Deferral.isStridesCheckIn(candidate.task)
        ? "a check-in on what blocked it, \(time.describe(followUp))"
        : "you asked to check on it \(time.describe(followUp))"
      phrases = Array(([check] + phrases).prefix(3))
    }
    if phrases.isEmpty { phrases = [ageText(candidate.task.createdAt)] }
    return phrases
  }

  func phrase(_ term: TermScore, _ task: StrideTask) -> String? {
    switch term.term {
    case .deadline:
      guard let due = task.due else { return nil }
      guard let rule = task.recurrence else { return dueText(due) }
      // A routine is named as one; a missed one is not shouted as overdue.
      let name = rule.routineName
      return due > context.instant ? "\(name), \(dueText(due))" : name
    case .value:
      // Being a chore is no reason to start it; the phrase goes to the next term.
      return switch task.type {
      case .obligation: "an obligation"
      case .goal: "one of your goals"
      case .chore: nil
      }
    case .energyFit:
      // Needing more than the user has is no reason to pick a task: no phrase.
      guard let energy = context.energy, task.energy <= energy else { return nil }
      return task.energy == energy
        ? "matches \(context.energyWords(energy))" : "easy for \(context.energyWords(energy))"
    case .timeFit: return timePhrase(term, task)
    case .momentum:
      if term.value >= 1 && term.input.hasPrefix("a step done") { return "you just finished a step" }
      return "\(task.progress.done) of \(task.progress.total) steps done"
    case .unblocks:
      let count = evaluator.waitingOn[task.id]
      return count == 1 ? "another task waits on it" : "\(count) tasks wait on it"
    case .resurfaced:
      // Only a no-energy deferral without a time ends because the energy rose, or on its own at a day's start.
      guard let last = task.deferrals.last, last.endsWithEnergy else {
        return "back at the time you chose"
      }
      if evaluator.energyRose(task), let energy = context.energy {
        // "Up" only when the energy at the deferral was known; otherwise what is true is what it is now.
        return last.energy == nil ? "back now your energy is \(energy.rawValue)" : "back now your energy is up"
      }
      return
        "back on its own since \(time.describe(last.fallbackEnd(needing: task.energy, evaluator.calendar, evaluator.settings)))"
    case .age: return ageText(task.createdAt)
    case .waited:
      // Its turn in the rota of what has been out of view: said from two days on, when it begins to tell.
      let days = -time.dayDistance(to: evaluator.outOfViewSince(task))
      guard days >= 2 else { return nil }
      // Asked of a day to come (`now --at friday`), what `now` shows before then is not known yet: the days are
      // counted as if it showed nothing, and the phrase says so, so that it holds of the task at that moment.
      return "its turn after \(days) days out of view" + (context.asksAhead ? ", if not shown before then" : "")
    case .deferPenalty: return nil
    }
  }

  /// How a task fits the time: "fits your 40 min", "fits the time before 'dentist'" (the line above the list says
  /// how long), "about 25 min, which fits your 40 min: …" with the person's own past, "a 15-minute start".
  func timePhrase(_ term: TermScore, _ task: StrideTask) -> String? {
    if term.input == "the first 15 minutes" {
      return context.minutes == nil ? "a 15-minute start" : "the first 15 min fit your time"
    }
    guard let estimate = task.estimateMinutes else { return nil }
    let fits = context.minutes.flatMap { minutes in
      term.value >= 1
        ? context.calendar?.next.map { "the time before \($0.named)" } ?? "your \(Minutes.format(minutes))" : nil
    }
    if let applied = evaluator.calibration(for: task) {
      // The person's own past, named: the time it takes is theirs, not a fixed slack.
      let about = "about \(Minutes.format(applied.minutes(estimate)))"
      return (fits.map { "\(about), which fits \($0)" } ?? about) + ": \(applied.words)"
    }
    if let fits { return "fits \(fits)" }
    return "about \(Minutes.format(estimate)) of work"
  }

  /// Overdue is stated plainly, never shouted, and the same a day or a month on: "overdue since 23 October".
  func dueText(_ due: Date) -> String {
    due <= context.instant ? time.overdue(since: due) : "due \(time.describe(due))"
  }

  func ageText(_ created: Date) -> String {
    let days = -time.dayDistance(to: created)
    return switch days {
    case ...0: "added today"
    case 1: "added yesterday"
    default: "added \(plural(days, "day")) ago"
    }
  }
}
