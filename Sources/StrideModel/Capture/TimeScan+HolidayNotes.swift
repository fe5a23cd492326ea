import Foundation
import StrideBase

/// What a holiday's reading says back. A holiday whose day differs by country is read as one country's, said in
/// words wherever it is read ("Mother's Day as in the US, the second Sunday of May"), so no reader elsewhere takes
/// a day they did not mean. A holiday that opens a line ("easter brunch", "christmas shopping") names the occasion,
/// not the day: it stays in the title and is named, with how to write the day.
extension Scan {
  /// The day Stride chose for a holiday whose day differs by country, as a clause, by its name's words.
  static let countryConventions: [String: String] = {
    let mothers =
      "Mother's Day as in the US, the second Sunday of May; Britain's Mothering Sunday, three weeks before Easter, "
      + "is written mothering sunday"
    let fathers = "Father's Day as in the US and Britain, the third Sunday of June"
    let thanksgiving =
      "Thanksgiving as in the US, the fourth Thursday of November; Canada's, the second Monday of October, needs its "
      + "date"
    let labor = "Labor Day as in the US and Canada, the first Monday of September; for May Day, write 1 may"
    let independence = "Independence Day as in the US, 4 July; another country's needs its date"
    return [
      "mothers day": mothers, "mother day": mothers, "fathers day": fathers, "father day": fathers,
      "thanksgiving": thanksgiving, "thanksgiving day": thanksgiving, "labor day": labor, "labour day": labor,
      "independence day": independence,
    ]
  }()

  /// Where a holiday's name opens the line and is not read as its day ("easter brunch", "mothers day card",
  /// "eid dinner"): the index after its name, and the name as written; nil for any other line.
  func leadingHoliday() -> (end: Int, name: String)? {
    unreadHoliday(at: 0)
  }

  /// Where a holiday's name at `index` that is not read as its day ends, and the name as written.
  func unreadHoliday(at index: Int) -> (end: Int, name: String)? {
    guard let first = word(index), let names = Self.holidaysByFirstWord[Self.bareWord(first)],
      holidayPiece(first, index, marked: false) == nil
    else { return nil }
    for (name, _) in names where name.indices.allSatisfy({ word(index + $0).map(Self.bareWord) == name[$0] }) {
      return (index + name.count, chunks[index..<(index + name.count)].map(\.word).joined(separator: " "))
    }
    return nil
  }
}

extension TimeParser {
  /// A holiday's name that opens the line of `chunks` and is not read as its day: where it stands in the line, and
  /// the name as written.
  func leadingHoliday(_ chunks: [Chunk]) -> (range: Range<Int>, name: String)? {
    guard let first = chunks.first, Scan.holidaysByFirstWord[Scan.bareWord(first.word)] != nil,
      let (end, name) = Scan(parser: self, chunks: chunks, careful: true).leadingHoliday()
    else { return nil }
    return (first.range.lowerBound..<chunks[end - 1].range.upperBound, name)
  }

  /// The convention the holiday named in `text` was read by, as a clause ("Mother's Day as in the US, …"); nil for
  /// words that name none, or a holiday every country keeps on one day.
  func holidayConvention(in text: String) -> String? {
    let chunks = Chunk.split(text)
    return Scan(parser: self, chunks: chunks, careful: true).holidayConvention(chunks.map(\.word))
  }

  /// Why a holiday that opens a line stays in the title, for the reply; `timeHeld`: a time beside it was not read,
  /// as it would be that day's.
  static func leadingHolidayReason(_ name: String, timeHeld: Bool) -> String {
    let write = "to be due that day, write on \(name) or by \(name)"
    return timeHeld
      ? "it names the occasion, and the time beside it would be that day's, so neither was read; " + write
      : "it names the occasion; " + write
  }
}

extension CaptureParser {
  /// Names a holiday that opens the line in `held` once, first, as the occasion it names.
  static func name(
    _ holiday: (range: Range<Int>, name: String), timeHeld: Bool, in held: inout [CaptureSpan],
    _ characters: [Character], _ line: Range<Int>
  ) {
    let words = (holiday.range.lowerBound + line.lowerBound)..<(holiday.range.upperBound + line.lowerBound)
    held.removeAll { words.overlaps($0.start..<$0.end) }
    held.insert(span(of: holiday, timeHeld: timeHeld, characters, line), at: 0)
  }

  /// A holiday that opens the line (`TimeParser.leadingHoliday`, at `line`) as an unread span, with why.
  static func span(
    of holiday: (range: Range<Int>, name: String), timeHeld: Bool, _ characters: [Character], _ line: Range<Int>
  ) -> CaptureSpan {
    let range = (holiday.range.lowerBound + line.lowerBound)..<(holiday.range.upperBound + line.lowerBound)
    return CaptureSpan(
      field: .unread, text: String(joining: characters[range]), start: range.lowerBound, end: range.upperBound,
      reason: TimeParser.leadingHolidayReason(holiday.name, timeHeld: timeHeld))
  }
}
