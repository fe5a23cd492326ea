import Foundation
import StrideWire

@testable import StrideBase
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol

/// The capture line and the time words: the first byte picks the time zone, the rest is the text.
enum ParserTargets {
  static func split(_ bytes: [UInt8]) -> (TimeZone, String) {
    let zone = zones[Int(bytes.first ?? 0) % zones.count]
    return (zone, String(decoding: bytes.dropFirst(), as: UTF8.self))
  }

  /// Every span points at the words it names; an accepted capture keeps its raw text byte for byte, through the
  /// wire and back; the times it read survive their RFC 3339 form.
  static func capture(_ bytes: [UInt8]) {
    let (zone, text) = split(bytes)
    let characters = Array(text)
    let parser = CaptureParser(reference: reference, timeZone: zone)
    let parsed = parser.parse(text)
    for span in parsed.spans {
      require(
        span.start >= 0 && span.start < span.end && span.end <= characters.count,
        "span \(span.field) \(span.start)..<\(span.end) outside a text of \(characters.count) characters")
    }
    guard let draft = try? Capture.draft(from: text, at: reference, timeZone: zone) else { return }
    require(Array(draft.rawInput.utf8) == Array(text.utf8), "the raw text changed: \(draft.rawInput.debugDescription)")
    require(!draft.title.isEmpty, "an accepted capture with no title")
    for date in [draft.due, draft.start].compactMap({ $0 }) {
      require(Timestamp.parse(Timestamp.format(date)) == date, "\(date) does not survive \(Timestamp.format(date))")
    }
    let wire = try! WireEncoder().encode(Wire.Draft(draft))
    let read = try! JSONReader.parse(Array(wire))
    require(read["rawInput"] == .string(text), "the raw text did not survive the wire: \(read["rawInput"] as Any)")
    require(read["title"] == .string(draft.title), "the title did not survive the wire")
  }

  /// A time read from words is read again, to the same value, from its ISO form; what `find` returns lies inside
  /// the text, in order, and is the text at that place.
  static func time(_ bytes: [UInt8]) {
    let (zone, text) = split(bytes)
    let parser = TimeParser(reference: reference, timeZone: zone)
    let characters = Array(text)
    if let match = parser.parse(text) {
      require(match.range == 0..<characters.count, "parse covers \(match.range), not the whole text")
      roundTrip(match.value, parser)
      if let end = match.end { roundTrip(end, parser) }
    }
    var last = 0
    for match in parser.find(in: text) {
      require(
        match.range.lowerBound >= last && match.range.upperBound <= characters.count && !match.range.isEmpty,
        "find gave \(match.range) after \(last) in a text of \(characters.count) characters")
      require(
        String(characters[match.range]) == match.text,
        "find's text \(match.text.debugDescription) is not what stands at \(match.range)")
      last = match.range.upperBound
      roundTrip(match.value, parser)
    }
  }

  static func roundTrip(_ value: TimeParser.Value, _ parser: TimeParser) {
    switch value {
    case .instant(let date):
      let iso = Timestamp.format(date)
      require(Timestamp.parse(iso) == date, "\(date.timeIntervalSince1970) is not a whole second or not \(iso)")
      require(parser.parse(iso)?.value == .instant(date), "\(iso) does not read back as the instant it came from")
    case .day(let day):
      let iso = day.description
      require(ISO8601Value.parse(iso)?.date == day, "\(iso) does not read back as the day it came from")
      require(parser.parse(iso)?.value == .day(day), "\(iso) is not read back as that day by the time parser")
    }
  }
}
