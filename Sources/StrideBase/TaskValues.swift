// Plain values a task and a capture carry on the wire, which a client reads as they are.

/// Done steps out of all steps (named so it never meets Foundation's `Progress`).
public struct StepProgress: Equatable, Sendable, Codable {
  public var done: Int
  public var total: Int

  public init(done: Int, total: Int) {
    self.done = done
    self.total = total
  }

  /// True once at least one step is done: the task has been started.
  public var started: Bool { done > 0 }
}

/// Where in the raw text a field came from (character offsets, end excluded).
public struct CaptureSpan: Codable, Equatable, Sendable {
  /// What a span of a capture decided: a field of the task, or `unread`, words Stride did not understand and kept
  /// in the title (a `!word`, a `~estimate`, a time that cannot be one).
  public enum Field: String, Codable, Sendable, CaseIterable {
    case estimate, energy, type, tags, due, start, unread, list
    case `repeat`
  }

  public var field: Field
  public var text: String
  public var start: Int
  public var end: Int
  /// For an `unread` span written as a time that cannot be one, why: "February has no 31st".
  public var reason: String?

  public init(field: Field, text: String, start: Int, end: Int, reason: String? = nil) {
    self.field = field
    self.text = text
    self.start = start
    self.end = end
    self.reason = reason
  }
}

extension CaptureSpan.Field: WireEnum {}

extension Sequence<CaptureSpan> {
  /// The words a field was read from, each in quotes (`"9:30 EST"`), for every rendering of a capture: `add`'s
  /// reply, `add --dry-run`, the Now view's capture preview. Empty when no words decided it.
  public func sources(of field: CaptureSpan.Field) -> [String] {
    filter { $0.field == field }.map { "\"\($0.text)\"" }
  }

  /// The words a due time came from: a routine's due comes from its rule, at the time the line gave
  /// (`"every weekday"`, `"10am"`), so the rule's words are named before the clock's.
  public var dueSources: [String] {
    sources(of: .repeat) + sources(of: .due)
  }
}

/// Where the words of a search were found in one task, in pieces a client shows without reading the words itself.
/// A text is cut at each match into pieces, plain and matched taking turns (plain first, so the pieces at odd
/// places are the matches): "call the bank" found by "bank" is `["call the ", "bank"]`.
public struct SearchFound: Codable, Sendable, Equatable {
  /// The title, in pieces.
  public var title: [String]
  /// When the title does not hold every word: where one was found ("in a note", "in a step", "as typed").
  public var place: String?
  /// The line there that holds one, from a few words before the first match (starting "…" when cut), in pieces.
  public var excerpt: [String]?

  public init(title: [String], place: String? = nil, excerpt: [String]? = nil) {
    self.title = title
    self.place = place
    self.excerpt = excerpt
  }
}

/// Why a task comes back or comes up by itself.
public enum WakeUpKind: String, Codable, Sendable {
  /// Whether only due times arrived: nothing came back (the task never went away), it "came due".
  public static func onlyDue(_ kinds: [WakeUpKind]) -> Bool {
    !kinds.isEmpty && kinds.allSatisfy { $0 == .due }
  }

  /// Why a task woke, each kind once, in the order they came: "its deferral ended and it is due now".
  public static func reasons(_ kinds: [WakeUpKind]) -> String {
    var distinct: [WakeUpKind] = []
    for kind in kinds where !distinct.contains(kind) { distinct.append(kind) }
    return distinct.map(\.reason).joined(separator: " and ")
  }

  /// A deferral with an until-time ends: the task is active again.
  case deferral
  /// A waiting task's follow-up is due: it is offered as "check on it".
  case followUp = "follow-up"
  /// The time the task may start arrives: from now on it can be suggested.
  case start
  /// The day of a routine's next time begins while the last one is still not done: it moves on to that day's
  /// time, one task, and counts a miss.
  case routine
  /// The task's due time arrives (a routine's too, each time): it is due now.
  case due

  /// What the moment means for the task, as a clause: "its deferral ended", "it is due now". `stride watch`,
  /// the history and desktop reminders all say it this way.
  public var reason: String {
    switch self {
    case .deferral: "its deferral ended"
    case .followUp: "it is time to check on it"
    case .start: "it can start now"
    case .routine: "its next time came, so it moved on"
    case .due: "it is due now"
    }
  }
}

/// A task's times in words, as said to one client: "Friday at 18:00", "Friday, end of day". A field is absent when
/// the task has no such time. A class, so a task that carries none (every task inside the daemon) pays one word.
public final class TaskSaid: Codable, Sendable {
  public let due: String?
  public let start: String?
  public let followUp: String?
  public let created: String
  public let done: String?
  /// When an open routine is next due, as a day in full: "Monday 30 November at 09:00".
  public let backOn: String?
  /// What the task's deferral does next, as a clause: "it comes back tomorrow at 19:00".
  public let deferral: String?
  /// How often a routine came and went since it was last done, those not yet moved on included: "once",
  /// "3 times"; absent when never.
  public let missed: String?
  /// When each note was written, in the notes' order.
  public let notes: [String]
  /// Its focus sessions in a clause: "3 sessions, 42 min in all; the last today at 10:05, stopped after 7 min";
  /// absent when there are none.
  public let focus: String?

  public init(
    due: String?, start: String?, followUp: String?, created: String, done: String?, backOn: String?,
    deferral: String?, missed: String?, notes: [String], focus: String? = nil
  ) {
    self.due = due
    self.start = start
    self.followUp = followUp
    self.created = created
    self.done = done
    self.backOn = backOn
    self.deferral = deferral
    self.missed = missed
    self.notes = notes
    self.focus = focus
  }
}

/// A capture's reading in words, as said to one client.
public struct DraftSaid: Codable, Sendable, Equatable {
  public var due: String?
  public var start: String?
  /// What was read beyond the title, in one sentence: "Read as: due Friday at 18:00; about 10 min; low energy (from
  /// "!low")."; absent when only a title was read.
  public var readAs: String?
  /// A calm question when the due time read has already passed: "That due time, yesterday at 09:00, has already
  /// passed. Did you mean a later one?"
  public var passed: String?

  public init(due: String?, start: String?, readAs: String?, passed: String?) {
    self.due = due
    self.start = start
    self.readAs = readAs
    self.passed = passed
  }
}

extension TaskSaid: Equatable {
  public static func == (a: TaskSaid, b: TaskSaid) -> Bool {
    a === b
      || (a.due == b.due && a.start == b.start && a.followUp == b.followUp && a.created == b.created
        && a.done == b.done && a.backOn == b.backOn && a.deferral == b.deferral && a.missed == b.missed
        && a.notes == b.notes)
  }
}
