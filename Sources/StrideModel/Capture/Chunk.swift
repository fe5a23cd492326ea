import Foundation
import StrideBase

/// A whitespace-separated word of the text, lower-cased, with surrounding punctuation set aside.
struct Chunk {
  var word: String
  var range: Range<Int>
  var comma: Bool
  /// Punctuation followed the word (a comma, a full stop, a colon, a closing bracket…).
  var punctuated: Bool = false
  /// Inside quotes, or a URL or an e-mail address: never part of a time.
  var protected: Bool
  /// Written with a capital first letter ("Tom", "Sunday Best"): in the middle of a line, a name.
  var capitalised = false
  /// Two figures after an apostrophe ("'26"): a year written short, wherever it stands.
  var shortYear = false

  /// The words of `text`. `mendingDays`: a capture's line, where a day word misspelt is read as the day
  /// (`TimeWords.misspelt`); a time read whole (`stride when`, an option) is read as typed.
  static func split(_ text: String, mendingDays: Bool = false) -> [Chunk] {
    var chunks: [Chunk] = []
    // Most lines have no quote at all (a curly one starts with the byte E2): their characters are not looked at.
    let quoted = text.utf8.contains { $0 == 0x22 || $0 == 0x27 || $0 == 0xE2 } ? quotedOffsets(Array(text)) : []
    var current: [Character] = []
    var start = 0
    func flush(at end: Int) {
      defer { current = [] }
      guard !current.isEmpty else { return }
      let (characters, leading, trailing, comma) = stripped(current)
      let (lower, upper) = (start + leading, end - trailing)
      guard !characters.isEmpty else { return }
      // Built in place: `String(_:)` of characters is the standard library's unspecialised initialiser.
      let word = read(String(joining: characters[...]).lowercased(), after: chunks.last?.word, mendingDays: mendingDays)
      let inQuotes = !quoted.isEmpty && (start..<end).contains(where: quoted.contains)
      let punctuated = upper < end
      // "@10:30", "@3pm": the "@" of a time written against it, as two words ("@ 10:30"); an address has letters
      // there, and a price ("@2.50", "@3") no colon, am or pm.
      let atTime =
        word.utf8.count > 1 && word.utf8.first == UInt8(ascii: "@")
        && word.utf8.dropFirst().first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true
        && (word.utf8.contains(UInt8(ascii: ":")) || Scan.meridiemSuffix(String(word.dropFirst())).1 != nil)
      // Byte searches: `String.contains` of a string goes through Foundation's `range(of:)`, a fifth of cutting
      // a line into words.
      let link =
        !atTime
        && (word.contains(text: "://") || word.hasPrefix("www.")
          || (word.utf8.contains(UInt8(ascii: "@")) && word.count > 1))
      // "22-23", "3:30-4:30pm": the two ends of a range, and the dash between them, as three words.
      if let mark = atTime ? 0 : link ? nil : rangeDash(in: word).map({ word.distance(from: word.startIndex, to: $0) })
      {
        chunks += cut(word, at: mark, lower..<upper, comma: comma, punctuated: punctuated, protected: inQuotes)
        return
      }
      let shortYear = leading == 1 && current[0] == "'" && characters.count == 2 && characters.allSatisfy(\.isNumber)
      chunks.append(
        Chunk(
          word: word, range: lower..<upper, comma: comma, punctuated: punctuated, protected: inQuotes || link,
          capitalised: characters.first.map(Self.isUppercase) == true, shortYear: shortYear))
    }
    for (offset, character) in text.enumerated() {
      if character.isSpace {
        flush(at: offset)
        start = offset + 1
      } else {
        if current.isEmpty { start = offset }
        current.append(character)
      }
    }
    flush(at: text.count)
    return chunks
  }

  /// `word`, at `range`, as the word before the one-character mark at `offset` (if any), the mark, and the word after
  /// it, which keeps the comma and punctuation after the whole ("22-23" as "22", "-", "23"; "@10:30" as "@", "10:30").
  private static func cut(
    _ word: String, at offset: Int, _ range: Range<Int>, comma: Bool, punctuated: Bool, protected: Bool
  ) -> [Chunk] {
    let characters = Array(word)
    let (lower, mark) = (range.lowerBound, range.lowerBound + offset)
    var parts: [Chunk] = []
    if offset > 0 {
      parts.append(
        Chunk(word: String(characters[..<offset]), range: lower..<mark, comma: false, protected: protected))
    }
    parts.append(Chunk(word: String(characters[offset]), range: mark..<(mark + 1), comma: false, protected: protected))
    parts.append(
      Chunk(
        word: String(characters[(offset + 1)...]), range: (mark + 1)..<range.upperBound, comma: comma,
        punctuated: punctuated, protected: protected))
    return parts
  }

  /// A word as the time reader takes it: "nxt wk", "next hr", "by cob", a time's words as people shorten them, are
  /// read as the words ("corn on the cob" stays corn); with `mendingDays`, "tomrrow" and "thurdsay", a day word one
  /// slip from it and from no other, are that day. After a repeat word the near-miss rule names it: a routine is
  /// kept for good, so its day is asked, not guessed.
  static func read(_ word: String, after previous: String?, mendingDays: Bool) -> String {
    if word.utf8.count <= 11, let full = TimeWords.shorthands[word], word != "cob" || previous != "the" { return full }
    guard mendingDays, !RecurrenceReader.everyWords.contains(previous ?? ""),
      case .read(let day)? = TimeWords.misspelt(word)
    else { return word }
    return day
  }

  /// `Character.isUppercase` without the Unicode tables for an ASCII letter, the first letter of most words.
  static func isUppercase(_ character: Character) -> Bool {
    guard let ascii = character.asciiQuick else { return character.isUppercase }
    return ascii >= 0x41 && ascii <= 0x5A
  }

  /// A word without the brackets and punctuation around it: how many characters went from each end, and whether a
  /// comma followed it. The dot of "p.m." and the minute mark of "15'" stay.
  static func stripped(_ word: [Character]) -> (characters: [Character], leading: Int, trailing: Int, comma: Bool) {
    var characters = word
    var leading = 0
    while let first = characters.first, Chunk.isMark(first, among: Chunk.openers, bytes: Chunk.openerBytes) {
      characters.removeFirst()
      leading += 1
    }
    var trailing = 0
    var comma = false
    while let last = characters.last, Chunk.isMark(last, among: Chunk.closers, bytes: Chunk.closerBytes) {
      // Keep the dot of "p.m." and "a.m.": the clock reader wants it.
      if last == ".", characters.count >= 4, characters[characters.count - 2] == "m",
        characters[characters.count - 3] == "."
      {
        break
      }
      // Keep the minute mark of "15'".
      if last == "'", characters.count > 1, characters.dropLast().allSatisfy(\.isDigit) { break }
      if last == "," { comma = true }
      characters.removeLast()
      trailing += 1
    }
    return (characters, leading, trailing, comma)
  }

  /// The dash of a word that joins two days of a month, two clock times or two weekdays ("22-23", "3:30-4:30pm",
  /// "9.30-11", "9-5", "mon-fri"); nil for anything else ("3-2-1", "2026-12-01", "covid-19").
  static func rangeDash(in word: String) -> String.Index? {
    // Most words have neither dash: "-" is the byte 2D, and "–" starts with E2.
    guard word.utf8.contains(where: { $0 == 0x2D || $0 == 0xE2 }) else { return nil }
    guard let dash = word.firstIndex(where: { $0 == "-" || $0 == "–" }) else { return nil }
    let before = word[..<dash]
    let after = word[word.index(after: dash)...]
    func end(_ part: Substring) -> Bool {
      var digits = part
      for suffix in ["st", "nd", "rd", "th", "am", "pm", "a", "p"] where digits.hasSuffix(suffix) {
        digits = digits.dropLast(suffix.count)
        break
      }
      // "9:30", and "9.30" as much of Britain writes a clock ("9.30-11").
      let pieces = digits.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "." })
      return (1...2).contains(pieces.count) && (1...2).contains(pieces[0].count)
        && pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isDigit) } && (pieces.count == 1 || pieces[1].count == 2)
    }
    // "mon-fri": two weekdays.
    if TimeWords.weekdays[String(before)] != nil, TimeWords.weekdays[String(after)] != nil { return dash }
    // "15h30-18h": two hours as much of Europe writes them.
    if Scan.isHourMark(String(before)), Scan.isHourMark(String(after)) { return dash }
    // "noon-1", "12-midnight": noon and midnight are clock times as much as figures are.
    let named: Set<Substring> = ["noon", "midday", "midnight"]
    return (end(before) || named.contains(before)) && (end(after) || named.contains(after)) ? dash : nil
  }

  /// The character offsets inside a pair of quotes: double quotes (straight or curly) that close, or single
  /// quotes that open a word and close one. An unclosed quote protects nothing.
  static func quotedOffsets(_ characters: [Character]) -> Set<Int> {
    var quoted: Set<Int> = []
    // Most lines have no quotes at all: every quote starts with the byte 22 ("), 27 (') or E2 (curly ones).
    guard
      characters.contains(where: { character in
        let first = character.utf8.first
        return first == 0x22 || first == 0x27 || first == 0xE2
      })
    else {
      return quoted
    }
    var open: Int?
    for (offset, character) in characters.enumerated() where doubleQuotes.contains(character) {
      if let start = open {
        quoted.formUnion(start...offset)
        open = nil
      } else {
        open = offset
      }
    }
    open = nil
    for (offset, character) in characters.enumerated() where singleQuotes.contains(character) {
      let before = offset == 0 || characters[offset - 1].isSpace
      let after = offset == characters.count - 1 || characters[offset + 1].isSpace
      if before, open == nil {
        open = offset
      } else if after, let start = open {
        quoted.formUnion(start...offset)
        open = nil
      }
    }
    return quoted
  }

  /// Whether `character` is one of `marks`; `bytes` are those of one byte. A character of one byte (most are
  /// letters) is compared by its byte, without hashing a `Character`.
  static func isMark(_ character: Character, among marks: Set<Character>, bytes: [UInt8]) -> Bool {
    guard character.utf8.count == 1, let byte = character.utf8.first else { return marks.contains(character) }
    return bytes.contains(byte)
  }

  static func bytes(of marks: Set<Character>) -> [UInt8] {
    marks.compactMap { $0.utf8.count == 1 ? $0.utf8.first : nil }
  }

  static let openerBytes = bytes(of: openers)
  static let closerBytes = bytes(of: closers)
  static let doubleQuotes: Set<Character> = ["\"", "“", "”"]
  static let singleQuotes: Set<Character> = ["'", "‘", "’"]
  static let allQuotes = doubleQuotes.union(singleQuotes)
  /// What a word may open with and close with that is not part of it.
  static let openers: Set<Character> = ["(", "\"", "'", "“", "‘", "["]
  static let closers: Set<Character> = [",", ";", ":", "!", "?", ")", "\"", "'", "”", "’", "]", "."]

}
