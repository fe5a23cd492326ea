import Foundation
import StrideBase

/// A dated note on a task: what came after the first thought ("the plumber said Thursday"). Notes are kept oldest
/// first; a task's notes are addressed from 1, as its steps are.
public struct Note: Equatable, Hashable, Sendable {
  public var at: Date
  public var text: String

  public init(at: Date, text: String) {
    self.at = at
    self.text = text
  }

  /// The longest note Stride keeps, in characters: a long message pasted in, not a document.
  public static let maximumLength = 10_000
}

extension Note: Codable {
  enum CodingKeys: String, CodingKey { case at, text }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    at = try container.decode(Timestamp.self, forKey: .at).date
    text = try container.decode(String.self, forKey: .text)
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Timestamp(at), forKey: .at)
    try container.encode(text, forKey: .text)
  }
}

extension StrideTask {
  /// Adds a note at the end (a finished task takes notes too: "it cost 40 euros") and returns its 1-based index.
  public mutating func addNote(_ text: String, at now: Date) throws(StrideError) -> Int {
    notes.append(Note(at: now, text: try Self.checkedNote(text)))
    updatedAt = now
    return notes.count
  }

  /// Removes note `index` (from 1).
  public mutating func removeNote(_ index: Int, at now: Date) throws(StrideError) {
    guard notes.indices.contains(index - 1) else {
      let which =
        notes.isEmpty
        ? "task \(id) has no notes" : "task \(id) has \(notes.count) note\(notes.count == 1 ? "" : "s")"
      throw StrideError(.noteNotFound, "\(which), so there is no note \(index); see them with: stride show \(id)")
    }
    notes.remove(at: index - 1)
    updatedAt = now
  }

  /// A note's text: its lines kept, each without trailing spaces, blank lines at either end dropped, and no
  /// control characters but the line breaks (a terminal must not be told what to do by a note).
  public static func checkedNote(_ text: String) throws(StrideError) -> String {
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        var scalars = String.UnicodeScalarView()
        for scalar in line.unicodeScalars where scalar == "\t" || scalar.properties.generalCategory != .control {
          scalars.append(scalar == "\t" ? " " : scalar)
        }
        var kept = String(scalars)
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept
      }
    let kept = lines.drop(while: \.isEmpty).reversed().drop(while: \.isEmpty).reversed().joined(separator: "\n")
    guard !kept.isEmpty else { throw StrideError.invalid("the note is empty; write what you want to keep") }
    guard kept.count <= Note.maximumLength else {
      throw StrideError.invalid("the note is longer than \(Note.maximumLength) characters; keep the part that matters")
    }
    return kept
  }
}
