/// Turns a line a person typed into a task draft.
///
/// The backbone takes the whole text as the title (white space folded); the raw text is always kept as it was.
public enum Capture {
  /// The draft for `text`; an empty text is refused.
  public static func draft(from text: String) throws(StrideError) -> TaskDraft {
    let title = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !title.isEmpty else {
      throw StrideError.invalid("the text is empty; say in a few words what you want to do")
    }
    return TaskDraft(title: try StrideTask.checkedTitle(title), rawInput: text)
  }
}
