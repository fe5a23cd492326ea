import StrideBase

/// `time.parse`: what a time phrase means, the way capture, `--until` and `--at` read it.
public enum TimeParse: WireMethod {
  public static let method = Method.timeParse

  public struct Params: Codable, Sendable, Equatable {
    public var text: String
    /// The instant to read it from; the daemon's clock when absent.
    public var ref: Timestamp?
    /// How the writer's locale orders a numeric date; the connection's (`client.context`), else `unknown`.
    public var dateOrder: NumericDateOrder?
    /// The zone to read it in; the connection's (`client.context`), else the daemon's.
    public var timeZone: String?
    /// What the words are for: `phrase` (the default), `moment` or `since`.
    public var reading: Reading?
    /// For a `moment`, what a day named without a time stands for; `start-of-day` when absent.
    public var dayAlone: DayAlone?

    public init(
      text: String, ref: Timestamp? = nil, dateOrder: NumericDateOrder? = nil, timeZone: String? = nil,
      reading: Reading? = nil, dayAlone: DayAlone? = nil
    ) {
      self.text = text
      self.ref = ref
      self.dateOrder = dateOrder
      self.timeZone = timeZone
      self.reading = reading
      self.dayAlone = dayAlone
    }
  }

  /// What the words are read for.
  public enum Reading: String, Codable, Sendable {
    /// What the words name, as they are (`stride when`): `at` is where it starts.
    case phrase
    /// One instant, for an option such as `--until` or `--due`: "someday" is refused; a day alone is `dayAlone`.
    case moment
    /// The start of a period already begun (`--since`): "monday" is the Monday just gone, "this month" its first
    /// day; words still to come are refused.
    case since
    /// The end of a period looked back on (`stride log --until`): one instant as `moment` reads it, except that an
    /// hour without am or pm is the one said, not the next to come (`--until "at 10"` at 14:00 is today 10:00).
    case pastMoment = "past-moment"
  }

  /// The time of day a day named alone stands for, in a `moment`.
  public enum DayAlone: String, Codable, Sendable {
    case startOfDay = "start-of-day"
    case endOfDay = "end-of-day"
    /// When the person's day starts (`time.dayStart` in the daemon's settings).
    case dayStart = "day-start"
  }

  /// The reading said for a person, in the zone it was read for.
  public struct Said: Codable, Sendable, Equatable {
    /// One sentence: "\"fri 9am\" is Friday 27 November 2026 at 09:00."
    public var sentence: String
    /// `start` and `end` as RFC 3339 in that zone's offset ("2026-11-27T09:00:00+01:00").
    public var start: String
    public var end: String?
    /// `at` in the words a sentence uses ("Friday at 09:00", "tomorrow at 19:00"); absent from an older daemon.
    public var at: String?

    public init(sentence: String, start: String, end: String? = nil, at: String? = nil) {
      self.sentence = sentence
      self.start = start
      self.end = end
      self.at = at
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
    /// The one instant the words stand for, as `reading` asked: `start` for a phrase.
    public var at: Timestamp
    /// The reading in words.
    public var said: Said

    public init(
      matched: String, start: Timestamp, end: Timestamp?, allDay: Bool, timeZone: String, namedZone: String? = nil,
      at: Timestamp? = nil, said: Said
    ) {
      self.matched = matched
      self.start = start
      self.end = end
      self.allDay = allDay
      self.timeZone = timeZone
      self.namedZone = namedZone
      self.at = at ?? start
      self.said = said
    }

    enum CodingKeys: String, CodingKey { case matched, start, end, allDay, timeZone, namedZone, at, said }

    public func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(matched, forKey: .matched)
      try container.encode(start, forKey: .start)
      try container.encode(end, forKey: .end)
      try container.encode(allDay, forKey: .allDay)
      try container.encode(timeZone, forKey: .timeZone)
      try container.encode(namedZone, forKey: .namedZone)
      try container.encode(at, forKey: .at)
      try container.encode(said, forKey: .said)
    }
  }
}
