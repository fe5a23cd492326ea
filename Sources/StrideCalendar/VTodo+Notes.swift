import Foundation
import StrideBase
import StrideModel

/// Notes in a VTODO. Each travels exactly as an `X-STRIDE-NOTE;AT=…` property, which other apps keep and ignore. So
/// that those apps show them too, `DESCRIPTION` is the thought as typed, a blank line, then the notes, each a line
/// with its time (in UTC, so every device writes the same bytes) and its text:
///
///     call the plumber about the leak
///
///     Note, 2026-11-24 17:02 UTC:
///     the plumber comes Thursday between 8 and 10
///
/// Read back, a `DESCRIPTION` that ends with the notes as Stride wrote them is the thought before them; text another
/// app added after them is a new note, dated by its `LAST-MODIFIED`. A `DESCRIPTION` whose notes another app edited
/// is kept whole as the thought, and the notes come from their own properties: nothing is lost either way.
extension VTodo {
  /// The text `DESCRIPTION` holds for a task: its thought, then its notes.
  static func description(_ fields: SyncFields) -> String {
    guard let notes = fields.notes, !notes.isEmpty else { return fields.note }
    return fields.note + "\n\n" + written(notes)
  }

  /// One `X-STRIDE-NOTE` line a note.
  static func noteLines(_ fields: SyncFields) -> [String] {
    (fields.notes ?? []).map { "X-STRIDE-NOTE;AT=\(ICalendar.date($0.at)):\(ICalendar.escape($0.text))" }
  }

  /// The thought and the notes of a VTODO: its `X-STRIDE-NOTE` properties, with what another app added below them in
  /// `DESCRIPTION`.
  static func thoughtAndNotes(_ todo: ICalendarReader.Component, description: String?, modified: Date?) -> (
    thought: String?, notes: [Note]
  ) {
    let notes = todo.all("X-STRIDE-NOTE").compactMap { property -> Note? in
      guard let at = property.parameters["AT"].flatMap(Timestamp.parseBasic) else { return nil }
      return Note(at: at, text: ICalendarReader.unescape(property.value))
    }
    guard let description, !notes.isEmpty else { return (description, notes) }
    guard let range = description.range(of: "\n\n" + written(notes), options: .backwards) else {
      return (description, notes)
    }
    let added = description[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
    guard !added.isEmpty, let text = try? StrideTask.checkedNote(added) else {
      return (String(description[..<range.lowerBound]), notes)
    }
    return (String(description[..<range.lowerBound]), notes + [Note(at: modified ?? Date(), text: text)])
  }

  /// The notes as `DESCRIPTION` shows them.
  private static func written(_ notes: [Note]) -> String {
    notes.map { note in
      let stamp = Timestamp.format(note.at)
      return "Note, \(stamp.prefix(10)) \(stamp.dropFirst(11).prefix(5)) UTC:\n\(note.text)"
    }.joined(separator: "\n\n")
  }
}
