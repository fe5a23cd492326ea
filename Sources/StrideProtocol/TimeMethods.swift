import Foundation
import StrideModel

/// `time.parse`: what a time phrase means, the way capture, `--until` and `--at` read it.
public enum TimeParse: RPCMethod {
  public static let name = "time.parse"

  public struct Params: Codable, Sendable, Equatable {
    public var text: String
    /// The instant to read it from; the daemon's clock when absent.
    public var ref: Timestamp?
    /// How the writer's locale orders a numeric date; `unknown` when absent.
    public var dateOrder: NumericDateOrder?

    public init(text: String, ref: Date? = nil, dateOrder: NumericDateOrder? = nil) {
      self.text = text
      self.ref = ref.map(Timestamp.init)
      self.dateOrder = dateOrder
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// The words that were read as the time.
    public var matched: String
    /// The instant: for a day alone, the start of that day.
    public var start: Timestamp
    /// The end of a range ("9am to 5pm"), or of the day when only a day was named.
    public var end: Timestamp?
    /// True when the text named a whole day without a time.
    public var allDay: Bool
    /// The time zone the words were read in.
    public var timeZone: String
    /// The zone the words themselves named ("8:00 GMT"): its abbreviation, offset or identifier; else null.
    public var namedZone: String?

    public init(matched: String, start: Date, end: Date?, allDay: Bool, timeZone: String, namedZone: String? = nil) {
      self.matched = matched
      self.start = Timestamp(start)
      self.end = end.map(Timestamp.init)
      self.allDay = allDay
      self.timeZone = timeZone
      self.namedZone = namedZone
    }

    enum CodingKeys: String, CodingKey { case matched, start, end, allDay, timeZone, namedZone }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(matched, forKey: .matched)
      try container.encode(start, forKey: .start)
      try container.encode(end, forKey: .end)
      try container.encode(allDay, forKey: .allDay)
      try container.encode(timeZone, forKey: .timeZone)
      try container.encode(namedZone, forKey: .namedZone)
    }

    /// Reads `text` at `reference`; an error that says what Stride can read when it cannot.
    public static func reading(
      _ text: String, at reference: Date, timeZone: TimeZone, dateOrder: NumericDateOrder = .unknown
    ) throws(StrideError) -> Result {
      let parser = TimeParser(reference: reference, timeZone: timeZone, dateOrder: dateOrder)
      guard let match = parser.parse(text) else {
        if let ambiguous = parser.ambiguousNumericDate(in: text) { throw StrideError.invalid(ambiguous) }
        throw StrideError.invalid(
          "'\(text)' is not a time Stride can read; try words like tomorrow 9am, next fri, in 2 hours or 2026-12-01")
      }
      if let contradiction = match.contradiction { throw StrideError.invalid(contradiction) }
      var allDay = false
      var end = match.end.map { parser.instant($0, dateOnly: .endOfDay) }
      if case .day = match.value, match.end == nil {
        allDay = true
        end = parser.instant(match.value, dateOnly: .endOfDay)
      }
      return Result(
        matched: match.text, start: parser.instant(match.value, dateOnly: .startOfDay), end: end, allDay: allDay,
        timeZone: timeZone.identifier, namedZone: match.zone?.name)
    }
  }
}
