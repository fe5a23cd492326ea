import Foundation
import StrideBase

/// How times are said to one client: in its zone, as of one moment, with the person's engine settings (a no-energy
/// deferral's fallback). A task or draft made for the wire with one carries `said`, its times in words
/// (`Wire.Task(_:saying:)`), so a client shows them without a calendar of its own.
public struct Speaker: Sendable {
  public let time: HumanTime
  public let settings: EngineSettings

  public init(now: Date, timeZone: TimeZone, settings: EngineSettings) {
    time = HumanTime(now: now, timeZone: timeZone)
    self.settings = settings
  }

  public var timeZone: TimeZone { time.calendar.timeZone }

  /// The same voice as of another moment.
  public func at(_ now: Date) -> Speaker {
    Speaker(now: now, timeZone: timeZone, settings: settings)
  }
}

extension TaskSaid {
  public convenience init(_ task: StrideTask, _ speaker: Speaker) {
    let time = speaker.time
    let due = task.due.map(time.describe)
    let start = task.start.map(time.describe)
    let followUp = task.followUp.map(time.describe)
    let created = time.describe(task.createdAt)
    let done = task.completedAt.map(time.describe)
    let openRoutine = task.recurrence != nil && task.status != .completed
    let backOn = openRoutine ? task.due.map(time.longDay) : nil
    let deferral = task.deferral?.effect(for: task, time: time, settings: speaker.settings)
    let pending =
      task.recurrence.flatMap { rule in
        task.due.map { rule.missed(since: $0, until: time.now, in: time.calendar) }
      } ?? 0
    let missedCount = task.recurrence == nil ? 0 : task.missed + pending
    let missedWords = missedCount == 0 ? nil : times(missedCount)
    let notes = task.notes.map { time.describe($0.at) }
    self.init(
      due: due, start: start, followUp: followUp, created: created, done: done, backOn: backOn, deferral: deferral,
      missed: missedWords, notes: notes, focus: Self.focus(task, time))
  }

  /// A task's focus sessions in a clause: how many, the time in all, the last (or the one running), and the time
  /// the computer slept through them, which was not counted.
  static func focus(_ task: StrideTask, _ time: HumanTime) -> String? {
    let sessions = task.focusSessions
    guard let last = sessions.last else { return nil }
    func minutes(_ seconds: Int) -> String {
      seconds < Seconds.perMinute ? "less than a minute" : Minutes.format(seconds / Seconds.perMinute)
    }
    let all = task.spentSeconds + (last.isRunning ? last.spentSeconds(at: time.now) : 0)
    var parts = ["\(plural(sessions.count, "session")), \(minutes(all)) in all"]
    if let ended = last.endedAt {
      let how =
        switch last.ending {
        case .finished?: "finished"
        case .switched?: "left for another task"
        case .interrupted?: "ended when Stride stopped"
        case .stopped?, nil: "stopped"
        }
      parts.append("the last \(time.describe(ended)), \(how) after \(minutes(last.spentSeconds(at: ended)))")
    } else {
      let leftSeconds = last.leftSeconds(at: time.now)
      let left = leftSeconds == 0 ? "no time" : Minutes.format(Seconds.minutesRoundedUp(leftSeconds))
      parts.append("one running since \(time.clock(last.startedAt))\(last.isPaused ? ", paused" : ""), \(left) left")
    }
    let asleep = sessions.reduce(0) { $0 + max(0, $1.uncountedSeconds) }
    if asleep >= Seconds.perMinute { parts.append("\(minutes(asleep)) while the computer slept, not counted") }
    return parts.joined(separator: "; ")
  }
}

extension DraftSaid {
  public init(_ draft: TaskDraft, _ speaker: Speaker) {
    let time = speaker.time
    self.init(
      due: draft.due.map(time.describe), start: draft.start.map(time.describe), readAs: Self.readAs(draft, speaker),
      passed: draft.due.flatMap { due in
        due < time.now ? "That due time, \(time.describe(due)), has already passed. Did you mean a later one?" : nil
      })
  }

  private static func readAs(_ draft: TaskDraft, _ speaker: Speaker) -> String? {
    func source(_ field: CaptureSpan.Field) -> String {
      let words = draft.sources(of: field)
      return words.isEmpty ? "" : " (from \(words.joined(separator: ", ")))"
    }
    // A time read in another zone is said in this one, with the words it came from ("from "9:30 EST"").
    let parser = TimeParser(reference: speaker.time.now, timeZone: speaker.timeZone)
    func zoned(_ field: CaptureSpan.Field) -> String {
      guard draft.spans.contains(where: { $0.field == field && parser.parse($0.text)?.zone != nil }) else { return "" }
      return source(field)
    }
    // A holiday whose day differs by country or calendar is said with the one taken ("Mother's Day as in the US…").
    func convention(_ field: CaptureSpan.Field) -> String {
      let notes = draft.spans.filter { $0.field == field }.compactMap { parser.holidayConvention(in: $0.text) }
      return notes.first.map { " (\($0))" } ?? ""
    }
    let time = speaker.time
    let read = Set(draft.spans.map(\.field))
    var parts: [String] = []
    if let due = draft.due { parts.append("due \(time.describe(due))" + zoned(.due) + convention(.due)) }
    if let start = draft.start {
      parts.append("not before \(time.describe(start))" + zoned(.start) + convention(.start))
    }
    if let rule = draft.recurrence { parts.append("repeats \(rule.words)" + source(.repeat)) }
    if !draft.steps.isEmpty { parts.append(plural(draft.steps.count, "step")) }
    if let estimate = draft.estimateMinutes { parts.append("about \(Minutes.format(estimate))") }
    if read.contains(.energy) { parts.append("\(draft.energy.rawValue) energy" + source(.energy)) }
    if read.contains(.type) { parts.append("an \(draft.type.rawValue)" + source(.type)) }
    if !draft.tags.isEmpty { parts.append("tagged " + draft.tags.joined(separator: ", ")) }
    if let list = draft.list { parts.append("in the list \(list)") }
    return parts.isEmpty ? nil : "Read as: " + parts.joined(separator: "; ") + "."
  }
}
