import Foundation
import StrideBase

/// The text helpers of capture: lines, words, what is left of a line once its tokens are taken out.
extension CaptureParser {
  /// The line ranges of the text (without their newlines).
  static func lines(_ characters: [Character]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for (offset, character) in characters.enumerated() where character.isNewline {
      ranges.append(start..<offset)
      start = offset + 1
    }
    ranges.append(start..<characters.count)
    return ranges
  }

  static func isBlank(_ characters: ArraySlice<Character>) -> Bool {
    characters.allSatisfy(\.isSpace)
  }

  /// The whitespace-separated words of a line, as character ranges.
  package static func words(_ characters: [Character], _ line: Range<Int>) -> [Range<Int>] {
    var words: [Range<Int>] = []
    var start: Int?
    for offset in line {
      if characters[offset].isSpace {
        if let begin = start { words.append(begin..<offset) }
        start = nil
      } else if start == nil {
        start = offset
      }
    }
    if let begin = start { words.append(begin..<line.upperBound) }
    return words
  }

  /// The line with the consumed ranges taken out.
  static func remainder(_ characters: [Character], _ line: Range<Int>, removing consumed: [Range<Int>]) -> String {
    var kept: [Character] = []
    for offset in line where !consumed.contains(where: { $0.contains(offset) }) {
      kept.append(characters[offset])
    }
    return String(joining: kept[...])
  }

  /// A list line without its bullet or number.
  static func listItem(_ line: String) -> String {
    StepSplitter.listItemText(line) ?? line.trimmingCharacters(in: .whitespaces)
  }

  /// White space folded, and dangling separators left by removed words trimmed.
  static func tidy(_ text: String) -> String {
    var words = text.spacedWords.map(String.init)
    while let last = words.last, [",", "-", "–", ";", "."].contains(last) { words.removeLast() }
    // What a removed time left at the start: "Tomorrow: call the vet" and "fri. call bob" are "call the vet" and
    // "call bob".
    while let first = words.first, first.allSatisfy({ ":,;.".contains($0) }) { words.removeFirst() }
    var result = words.joined(separator: " ")
    while let last = result.last, ",;".contains(last) { result.removeLast() }
    return result.utf8.contains(UInt8(ascii: ",")) ? result.replacingOccurrences(of: " ,", with: ",") : result
  }

  /// The near misses of the line that `title` kept ("31 feb", "25:00", "every blursday"), named in the reply with
  /// why, as unread spans where they stand in the line. (One read of the whole line judged them, where the words
  /// around them still stand: "tmrw 25:00".)
  func spans(of misses: [TimeNearMiss], keptIn title: String, of characters: [Character]) -> [CaptureSpan] {
    guard !misses.isEmpty else { return [] }
    let line = String(characters).lowercased()
    let kept = title.lowercased()
    return misses.filter { kept.contains($0.text.lowercased()) }.map { miss in
      // The words as written, or where they begin when the line spaced them otherwise ("31,  feb").
      let found =
        line.range(of: miss.text.lowercased())
        ?? miss.text.split(separator: " ").first.flatMap { line.range(of: $0.lowercased()) }
      let start = found.map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0
      return CaptureSpan(
        field: .unread, text: miss.text, start: start, end: start + miss.text.count, reason: miss.reason)
    }
  }

  /// The words of the first line kept in the title that could have been a time ("text tom 5pm", "watch sunday
  /// best", "rest 5 days"), as unread spans with why (`TimeParser.held`). `text` is the line, at `line`.
  func heldSpans(
    _ text: String, _ line: Range<Int>, chunks: [Chunk], consumed: [Range<Int>], timeRead: Bool
  ) -> [CaptureSpan] {
    let shift = line.lowerBound
    let read = consumed.map { ($0.lowerBound - shift)..<($0.upperBound - shift) }
    return times.held(in: text, chunks: chunks, read: read, timeRead: timeRead).map {
      CaptureSpan(
        field: .unread, text: $0.text, start: $0.range.lowerBound + shift, end: $0.range.upperBound + shift,
        reason: $0.reason)
    }
  }

  /// The words of the line with the `masked` character ranges blanked out, from the words of the whole line: the
  /// same as cutting the blanked line anew when every range covers whole words (a token, a rule) and no quote,
  /// else cut anew.
  static func chunks(
    _ lineChunks: [Chunk], _ characters: [Character], _ line: Range<Int>, masked: [Range<Int>], blanked: () -> String
  ) -> [Chunk] {
    guard !masked.isEmpty else { return lineChunks }
    let words = Self.words(characters, line)
    // Whether a blanked range takes each word it touches whole, and holds no quote (quotes protect other words).
    func takesWhole(_ range: Range<Int>) -> Bool {
      words.allSatisfy { !$0.overlaps(range) || $0.clamped(to: range) == $0 }
        && !characters[range].contains(where: { Chunk.allQuotes.contains($0) })
    }
    let whole = masked.allSatisfy(takesWhole)
    guard whole else { return Chunk.split(blanked(), mendingDays: true) }
    let shift = line.lowerBound
    return lineChunks.filter { chunk in
      !masked.contains { $0.contains(chunk.range.lowerBound + shift) }
    }
  }

  /// A time that ends the title takes "is" or "was" before it along: "The deadline is Tue, 10 January" is the task
  /// "The deadline".
  /// A time that starts the line takes a dash after it along: "wednesday - bins out" is "bins out". (A dash
  /// alone at the start of a line is a list item's, so the title keeps the ones it starts with.)
  static func withLeadingDash(_ characters: [Character], _ line: Range<Int>, _ range: Range<Int>) -> Range<Int> {
    guard characters[line.lowerBound..<range.lowerBound].allSatisfy(\.isWhitespace) else { return range }
    var end = range.upperBound
    while end < line.upperBound, characters[end] == " " { end += 1 }
    guard end + 1 < line.upperBound, "-–—".contains(characters[end]), characters[end + 1] == " " else {
      return range
    }
    return range.lowerBound..<(end + 1)
  }

  static func withDanglingVerb(_ characters: [Character], _ line: Range<Int>, _ range: Range<Int>) -> Range<Int> {
    guard characters[range.upperBound..<line.upperBound].allSatisfy({ $0.isSpace || $0.isPunctuation }) else {
      return range
    }
    var start = range.lowerBound
    while start > line.lowerBound, characters[start - 1].isSpace { start -= 1 }
    var wordStart = start
    while wordStart > line.lowerBound, !characters[wordStart - 1].isSpace { wordStart -= 1 }
    let word = String(joining: characters[wordStart..<start]).lowercased()
    guard ["is", "was", "are", "were"].contains(word), wordStart > line.lowerBound else { return range }
    return wordStart..<range.upperBound
  }
}

extension String {
  /// `characters` as one string, built from their UTF-8 bytes in one buffer. `String(characters)` of a slice of
  /// `[Character]` goes through the standard library's generic initialiser, unspecialised (about 24,000
  /// instructions for a few words), and appending one character at a time cost about 240 instructions a character:
  /// a tenth of reading a capture. The bytes of the characters in turn are the bytes of the string they make.
  init(joining characters: ArraySlice<Character>) {
    var count = 0
    for character in characters { count += character.utf8.count }
    self.init(unsafeUninitializedCapacity: count) { buffer in
      var offset = 0
      for character in characters {
        for byte in character.utf8 {
          buffer[offset] = byte
          offset += 1
        }
      }
      return offset
    }
  }

  /// `trimmingCharacters(in: .whitespaces)` without Foundation when neither end is white space, as a tidied title
  /// is: the trimming cost as much as reading a line's tokens.
  var trimmedOfSpaces: String {
    guard first?.isWhitespace == true || last?.isWhitespace == true else { return self }
    return trimmingCharacters(in: .whitespaces)
  }
}
