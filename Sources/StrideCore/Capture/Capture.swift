import Foundation

/// Turns a line a person typed into a task draft, with the capture language of `CaptureParser`.
public enum Capture {
  /// The draft for `text` at `reference` in `timeZone`; a text with no title left once its tokens are read is
  /// refused. The raw text is always kept as it was.
  public static func draft(
    from text: String, at reference: Date, timeZone: TimeZone, dateOrder: NumericDateOrder = .unknown
  ) throws(StrideError) -> TaskDraft {
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw StrideError.invalid("the text is empty; say in a few words what you want to do")
    }
    let parser = CaptureParser(reference: reference, timeZone: timeZone, dateOrder: dateOrder)
    if let ambiguous = parser.times.ambiguousNumericDate(in: text, inTitle: true) {
      throw StrideError.invalid(ambiguous)
    }
    let parsed = parser.parse(text)
    guard !parsed.title.isEmpty else {
      throw StrideError.invalid("only tokens were given (like ~10m or #home); add a few words that say what to do")
    }
    guard parsed.title.contains(where: { $0.isLetter || $0.isNumber }) else {
      throw StrideError.invalid(
        "'\(parsed.title)' says nothing to do; write it in a few words, like: stride add \"call the dentist\"")
    }
    return TaskDraft(
      title: try StrideTask.checkedTitle(parsed.title), rawInput: text, steps: parsed.steps,
      energy: parsed.energy ?? .medium, estimateMinutes: parsed.estimateMinutes, type: parsed.type ?? .chore,
      due: parsed.due, start: parsed.start, tags: parsed.tags, spans: parsed.spans)
  }
}
