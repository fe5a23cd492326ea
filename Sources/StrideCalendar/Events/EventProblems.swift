import Foundation
import StrideBase

/// What a reading could not read as written, gathered while reading and said at the end in sentences for
/// `stride calendars`.
struct EventProblems {
  /// Why each VEVENT left out could not be read ("\"Standup\" has no start").
  var unreadable: [String] = []
  /// TZIDs no zone was found for, and how many events named one.
  var unknownZones: Set<String> = []
  var eventsInUnknownZones = 0
  /// Titles of events whose rules gave more times in the window than one event may have, or took too much work.
  var tooMany: [String] = []
  var tooCostly: [String] = []
  /// The window held more busy times than one reading keeps.
  var overTotal = false

  /// Full sentences, the most telling first; none when everything was read.
  func sentences(timeZone: TimeZone) -> [String] {
    var sentences: [String] = []
    if !unreadable.isEmpty {
      let count = unreadable.count
      let (verb, listed) = (count == 1 ? "could not be read and is" : "could not be read and are", list(unreadable))
      sentences.append("\(Self.events(count)) \(verb) left out: \(listed).")
    }
    if eventsInUnknownZones > 0 {
      let names = list(unknownZones.sorted().map { Self.shown($0, 40) }, separator: ", ")
      let (names1, they) = eventsInUnknownZones == 1 ? ("names", "it is") : ("name", "they are")
      sentences.append(
        "\(Self.events(eventsInUnknownZones)) \(names1) a time zone Stride does not know (\(names)); \(they) read in "
          + "\(timeZone.identifier).")
    }
    if !tooMany.isEmpty {
      sentences.append(
        "\(titles(tooMany)) \(tooMany.count == 1 ? "repeats" : "repeat") more often than Stride follows "
          + "(\(Self.grouped(EventSeries.occurrenceLimit)) times in the window); only the "
          + "first ones are read.")
    }
    if !tooCostly.isEmpty {
      sentences.append(
        "\(titles(tooCostly)) \(tooCostly.count == 1 ? "has a repeat rule" : "have repeat rules") that would take "
          + "too long to follow; only the times found before Stride stopped are read.")
    }
    if overTotal {
      sentences.append(
        "The calendar has more than \(Self.grouped(EventReader.totalLimit)) busy times in "
          + "the window; only the earliest ones are read.")
    }
    return sentences
  }

  /// An event named in a sentence: its title quoted, or "an event without a title".
  static func quoted(_ title: String) -> String {
    title.isEmpty ? "an event without a title" : "\"\(shown(title, 60))\""
  }

  /// At most `length` characters of what a calendar wrote, on one line: a line break or a control character in a
  /// title or a value would break the sentence it is shown in.
  static func shown(_ text: String, _ length: Int) -> String {
    String(
      text.prefix(length).map {
        $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0
      })
  }

  /// A count with its thousands marked, as the house writes them in sentences: "2,000".
  private static func grouped(_ count: Int) -> String {
    let digits = String(count)
    guard digits.count > 3 else { return digits }
    return grouped(count / 1000) + "," + digits.suffix(3)
  }

  /// "1 event", "3 events".
  private static func events(_ count: Int) -> String { count == 1 ? "1 event" : "\(count) events" }

  /// Event titles for a sentence's start: quoted, at most three, an untitled one said so.
  private func titles(_ titles: [String]) -> String {
    let text = list(titles.map(Self.quoted), separator: ", ")
    return text.prefix(1).uppercased() + text.dropFirst()
  }

  /// At most three items, then how many more.
  private func list(_ items: [String], separator: String = "; ") -> String {
    let shown = items.prefix(3).joined(separator: separator)
    return items.count > 3 ? "\(shown)\(separator)and \(items.count - 3) more" : shown
  }
}
