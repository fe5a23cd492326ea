import Foundation
import StrideBase

/// A time zone a phrase names after its time ("9am BST", "8:00 GMT", "+02:00", "Europe/Berlin"): the time is read
/// in that zone, and said back in the user's.
public struct NamedZone: Equatable, Sendable {
  /// How to say it back: the abbreviation in capitals, the offset, or the zone's identifier.
  public var name: String
  public var timeZone: TimeZone
}

extension Scan {
  /// The zone named at `index` and the index after it: an abbreviation, an offset (`+02:00`, `+0200`, `UTC+2`,
  /// `GMT-05:30`) or an IANA name (`Europe/Berlin`). Only asked right after a time.
  func zone(at index: Int) -> (NamedZone, Int)? {
    guard let word = word(index) else { return nil }
    // "GMT -08:45", "UTC +2": the offset as a word of its own.
    if word == "gmt" || word == "utc", let offset = self.word(index + 1),
      let named = Scan.utcOffset(word + offset).flatMap(Scan.offsetZone)
    {
      return (named, index + 2)
    }
    if let minutes = TimeWords.zoneOffsets[word], let zone = TimeZone(secondsFromGMT: minutes * 60) {
      return (NamedZone(name: word.uppercased(), timeZone: zone), index + 1)
    }
    if let identifier = TimeWords.zoneRegions[word], let zone = TimeZone(identifier: identifier) {
      return (NamedZone(name: word.uppercased(), timeZone: zone), index + 1)
    }
    if let named = Scan.utcOffset(word).flatMap(Scan.offsetZone) { return (named, index + 1) }
    if word.contains("/"), word.first?.isLetter == true, let identifier = Scan.regionIdentifiers[word],
      let zone = TimeZone(identifier: identifier)
    {
      return (NamedZone(name: identifier, timeZone: zone), index + 1)
    }
    return nil
  }

  /// A fixed offset from UTC (seconds east of it) as a zone, named "UTC+02:00".
  static func offsetZone(_ seconds: Int) -> NamedZone? {
    guard let zone = TimeZone(secondsFromGMT: seconds) else { return nil }
    return NamedZone(name: "UTC" + UTCOffset.written(seconds), timeZone: zone)
  }

  /// Seconds east of UTC in `+02:00`, `+0200`, `+02`, `-05:30`, `UTC+2`, `GMT-5`, `UTC+05:30`; nil otherwise.
  /// Without `UTC` or `GMT` before it the hour needs two digits, so `+2` stays a count.
  static func utcOffset(_ word: String) -> Int? {
    var rest = Substring(word)
    var prefixed = false
    for prefix in ["utc", "gmt"] where rest.hasPrefix(prefix) {
      rest = rest.dropFirst(prefix.count)
      prefixed = true
    }
    guard let sign = rest.first, sign == "+" || sign == "-" || sign == "−" else { return nil }
    rest = rest.dropFirst()
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isDigit) }) else {
      return nil
    }
    let hours: Int
    let minutes: Int
    switch (parts.count, parts[0].count) {
    case (1, 1...2), (2, 1...2):
      guard prefixed || parts[0].count == 2, parts.count == 1 || parts[1].count == 2 else { return nil }
      hours = Int(parts[0])!
      minutes = parts.count == 2 ? Int(parts[1])! : 0
    case (1, 3...4):
      // "+0530", "UTC+530".
      guard prefixed || parts[0].count == 4 else { return nil }
      hours = Int(parts[0])! / 100
      minutes = Int(parts[0])! % 100
    default: return nil
    }
    guard hours <= 14, [0, 30, 45].contains(minutes) else { return nil }
    return UTCOffset.seconds(negative: sign != "+", hours: hours, minutes: minutes)
  }

  /// The system's zone identifiers by their lower-cased names ("europe/berlin" → "Europe/Berlin").
  static let regionIdentifiers: [String: String] = Dictionary(
    TimeZone.knownTimeZoneIdentifiers.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
}

extension TimeWords {
  /// Zone abbreviations with one fixed offset, in minutes east of UTC. Summer and winter names are distinct
  /// (BST, CEST, EDT), so each is an offset. `IST` is left out: India, Ireland and Israel all use it. `CST` is
  /// North American Central time, as most software reads it.
  static let zoneOffsets: [String: Int] = [
    "utc": 0, "gmt": 0, "z": 0, "wet": 0, "west": 60, "bst": 60, "cet": 60, "cest": 120, "met": 60, "mest": 120,
    "eet": 120, "eest": 180, "msk": 180, "pkt": 300, "sgt": 480, "hkt": 480, "awst": 480, "jst": 540, "kst": 540,
    "acst": 570, "acdt": 630, "aest": 600, "aedt": 660, "nzst": 720, "nzdt": 780, "nst": -210, "ndt": -150,
    "ast": -240, "adt": -180, "brt": -180, "art": -180, "est": -300, "edt": -240, "cst": -360, "cdt": -300,
    "mst": -420, "mdt": -360, "pst": -480, "pdt": -420, "akst": -540, "akdt": -480, "hst": -600,
  ]

  /// Zone names without a season ("9am ET"): the region's time on that day, summer or winter.
  static let zoneRegions: [String: String] = [
    "et": "America/New_York", "ct": "America/Chicago", "mt": "America/Denver", "pt": "America/Los_Angeles",
  ]
}
