import Foundation
import StrideBase
import StrideModel

/// iCalendar (RFC 5545) VTODO components, one per task and one per step, for calendar and reminder apps, mapped
/// as sync maps them (`VTodo`). Lines end in CRLF and are folded at 75 octets, as the standard asks.
package enum ICalendar {
  package static func text(_ tasks: [StrideTask], now: Date, timeZone: TimeZone) -> String {
    VTodo.calendar(
      tasks.flatMap { task in
        let steps = task.subtasks.indices.map { "task-\(task.id)-step-\($0 + 1)@stride" }
        let fields = SyncFields(task, uid: { uid($0) }, stepUIDs: steps)
        return [
          VTodo.lines(
            task: fields, uid: uid(task.id), created: task.createdAt, modified: task.updatedAt, now: now,
            timeZone: timeZone)
        ]
          + fields.steps.enumerated().map { index, step in
            VTodo.lines(step: step, position: index + 1, parent: uid(task.id), modified: task.updatedAt, now: now)
          }
      })
  }

  package static func uid(_ id: TaskID) -> String { "task-\(id)@stride" }

  /// `20261121T090000Z`.
  package static func date(_ date: Date) -> String { Timestamp.basic(date) }

  /// TEXT values escape backslashes, semicolons, commas and newlines.
  package static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
      .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\r\n", with: "\\n")
      .replacingOccurrences(of: "\r", with: "\\n").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A content line with CRLF, folded so no physical line is longer than 75 octets (never inside a UTF-8
  /// character).
  package static func fold(_ line: String) -> String {
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
