import Foundation

/// iCalendar (RFC 5545) VTODO components, one per task, for calendar and reminder apps. Lines end in CRLF and are
/// folded at 75 octets, as the standard asks.
enum ICalendar {
  static func text(_ tasks: [StrideTask], now: Date) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stride//stride \(strideVersion)//EN"]
    for task in tasks { lines += component(task, now: now) }
    lines.append("END:VCALENDAR")
    return lines.map(fold).joined()
  }

  static func uid(_ id: TaskID) -> String { "task-\(id)@stride" }

  static func component(_ task: StrideTask, now: Date) -> [String] {
    var lines = [
      "BEGIN:VTODO",
      "UID:\(uid(task.id))",
      "DTSTAMP:\(date(now))",
      "CREATED:\(date(task.createdAt))",
      "LAST-MODIFIED:\(date(task.updatedAt))",
      "SUMMARY:\(escape(task.title))",
    ]
    if let start = task.start { lines.append("DTSTART:\(date(start))") }
    if let due = task.due {
      // DUE must not come before DTSTART.
      lines.append("DUE:\(date(max(due, task.start ?? due)))")
    }
    switch task.status {
    case .completed:
      lines.append("STATUS:COMPLETED")
      lines.append("COMPLETED:\(date(task.completedAt ?? task.updatedAt))")
      lines.append("PERCENT-COMPLETE:100")
    case .active, .waiting, .deferred:
      let progress = task.progress
      lines.append(progress.done > 0 ? "STATUS:IN-PROCESS" : "STATUS:NEEDS-ACTION")
      if progress.total > 0 { lines.append("PERCENT-COMPLETE:\(progress.done * 100 / progress.total)") }
    }
    if task.type == .obligation { lines.append("PRIORITY:1") }
    if let rule = task.recurrence {
      lines.append("RRULE:\(rule.rrule)")
      if rule.afterDone { lines.append("X-STRIDE-REPEAT-AFTER-DONE:TRUE") }
    }
    if !task.tags.isEmpty { lines.append("CATEGORIES:" + task.tags.map(escape).joined(separator: ",")) }
    lines += task.blockedBy.map { "RELATED-TO;RELTYPE=DEPENDS-ON:\(uid($0))" }
    var notes = task.subtasks.map { ($0.done ? "[x] " : "[ ] ") + $0.title }
    if task.status == .waiting { notes.append("Waiting for: \(task.waitingFor ?? "someone")") }
    if task.status == .deferred, let deferral = task.deferral {
      notes.append(
        "Deferred (\(deferral.reason.rawValue))" + (deferral.until.map { " until \(Timestamp.format($0))" } ?? ""))
    }
    if !notes.isEmpty { lines.append("DESCRIPTION:" + escape(notes.joined(separator: "\n"))) }
    lines.append("END:VTODO")
    return lines
  }

  /// `20261121T090000Z`.
  static func date(_ date: Date) -> String { Taskwarrior.date(date) }

  /// TEXT values escape backslashes, semicolons, commas and newlines.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
      .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A content line with CRLF, folded so no physical line is longer than 75 octets (never inside a UTF-8
  /// character).
  static func fold(_ line: String) -> String {
    var result = ""
    var current = 0
    for character in line {
      let size = character.utf8.count
      if current + size > 75 {
        result += "\r\n "
        current = 1
      }
      result.append(character)
      current += size
    }
    return result + "\r\n"
  }
}
