import Foundation
import StrideBase
import StrideModel

/// What a desktop reminder says: a summary (the task's title) and a calm sentence of why it came up now. Pure: the
/// moment and the zone are given.
struct ReminderText: Equatable, Sendable {
  var summary: String
  var body: String

  /// A task that came back or came up by itself, with what its wake-ups mean and, for a deferral, the reason it was
  /// put off: "Its deferral ended; you put it off as no-energy." A reminder that comes late (strided was not
  /// running, the machine slept) says when it was.
  static func woke(_ task: StrideTask, _ wakeUps: [WakeUp], at now: Date, timeZone: TimeZone) -> ReminderText {
    let kinds = wakeUps.map(\.kind)
    let time = HumanTime(now: now, timeZone: timeZone)
    let moment = wakeUps.map(\.at).max() ?? now
    let late = WakeUp.late(wakeUps, announcedAt: now)
    if late, WakeUp.onlyDue(wakeUps) {
      return ReminderText(summary: task.title, body: "It came due \(time.describe(moment)).")
    }
    var sentence = WakeUp.reasons(wakeUps).sentenceStart
    if kinds.contains(.deferral), let last = task.deferrals.last {
      sentence += "; you put it off as \(last.reason.rawValue)"
    } else if kinds.contains(.followUp), let waiting = task.waitingFor, !waiting.isEmpty {
      sentence += "; you are waiting for \(waiting)"
    }
    sentence += "."
    if late { sentence += " That was \(time.describe(moment))." }
    return ReminderText(summary: task.title, body: sentence)
  }

  /// Several that came together, said in one: "3 tasks came back and 1 came due: call mum, pay rent, water the
  /// plants and 1 more." Each task counts once, by the first of its wake-ups in `order`.
  static func together(_ came: [(task: StrideTask, kinds: [WakeUp.Kind])], heading: String) -> ReminderText {
    var counts: [WakeUp.Kind: Int] = [:]
    for item in came {
      guard let kind = order.first(where: item.kinds.contains) else { continue }
      counts[kind, default: 0] += 1
    }
    let clauses = order.compactMap { kind in counts[kind].map { (kind, $0) } }.enumerated().map { index, pair in
      clause(pair.0, count: pair.1, first: index == 0)
    }
    let titles = came.prefix(named).map { shortened($0.task.title) }
    let more = came.count > named ? ["\(came.count - named) more"] : []
    return ReminderText(summary: heading, body: "\(listed(clauses)): \(listed(titles + more)).")
  }

  /// How many titles a summary names before "and N more".
  static let named = 3
  /// The order a summary counts in: what came back before what came due, then the rest.
  static let order: [WakeUp.Kind] = [.deferral, .due, .followUp, .start, .routine]

  /// "3 tasks came back", or without the noun after the first clause: "1 came due".
  private static func clause(_ kind: WakeUp.Kind, count: Int, first: Bool) -> String {
    let subject = first ? plural(count, "task") : "\(count)"
    switch kind {
    case .deferral: return "\(subject) came back"
    case .due: return "\(subject) came due"
    case .followUp: return "\(subject) came up for a follow-up"
    case .start: return "\(subject) can start now"
    case .routine: return "\(subject) moved on to \(count == 1 ? "its" : "their") next time"
    }
  }

  /// A title short enough for a list in one notification.
  private static func shortened(_ title: String) -> String {
    title.count <= 40 ? title : String(title.prefix(39)).trimmingCharacters(in: .whitespaces) + "…"
  }
}
