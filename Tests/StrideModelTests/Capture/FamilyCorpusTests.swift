import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// The capture language's own corpus (Capture/Fixtures/Families): lines a person types, family by family, each with
/// what a capture of it must store. Written from the families of phrases people bring from other task apps, not
/// from any one list. Reference: Saturday 2026-11-21 09:00 UTC.
///
/// A line is **right** when every field it states holds. It is a **misread** when Stride stores a due, a start or
/// a rule the line does not mean — the one thing a capture must never do. Anything else is **not read**: the words
/// stay in the title.
@Suite("Capture: the family corpus")
struct FamilyCorpusTests {
  static let folder = Repository.root + "/Tests/StrideModelTests/Capture/Fixtures/Families"

  @Test("every family: at least 95% right, and not one misread")
  func families() throws {
    var right = 0
    var total = 0
    var misreads: [String] = []
    var notRead: [String] = []
    var table: [String] = []
    for file in try FamilyCase.files(in: Self.folder) {
      let cases = try FamilyCase.load(Self.folder + "/" + file)
      var familyRight = 0
      for item in cases {
        switch item.outcome() {
        case .right: familyRight += 1
        case .misread(let why): misreads.append("\(file): \(item.text): \(why)")
        case .notRead(let why): notRead.append("\(file): \(item.text): \(why)")
        }
      }
      right += familyRight
      total += cases.count
      table.append("  \(file): \(familyRight) of \(cases.count) right")
    }
    print("Capture families: \(right) of \(total) right\n" + table.joined(separator: "\n"))
    // The lines not read right, to work from.
    if !notRead.isEmpty { print("not read:\n  " + notRead.joined(separator: "\n  ")) }
    #expect(total > 0)
    #expect(misreads.isEmpty, "misread:\n\(misreads.joined(separator: "\n"))")
    #expect(Double(right) >= 0.95 * Double(total), "not read:\n\(notRead.joined(separator: "\n"))")
  }
}

/// One line of a family file: `text | due 2026-11-22T17:00 | title pay rent`.
///
/// What a line may state, each after a `|`:
/// - `due T`, `start T` — the instant (`YYYY-MM-DDTHH:MM`, UTC), or `none`;
/// - `repeat RULE` — the stored rule's RRULE (`FREQ=WEEKLY;BYDAY=MO;COUNT=8`), or `none`;
/// - `title TEXT` — the title left;
/// - `kept WORDS` — the words stay in the title and the reply names them with a reason;
/// - `type TYPE` — the task's type (`obligation` from "ASAP");
/// - `refused` — the capture is refused with a sentence (an ambiguous figure, say);
/// - `typed HH:MM` — the line was typed at that time of the reference day (UTC) rather than at 09:00, or `typed
///   YYYY-MM-DDTHH:MM` at that instant (a line typed on a Sunday).
struct FamilyCase {
  var text: String
  var expectations: [(key: String, value: String)]

  enum Outcome {
    case right
    case misread(String)
    case notRead(String)
  }

  static func files(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".txt") }.sorted()
  }

  static func load(_ path: String) throws -> [FamilyCase] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
      let parts = trimmed.components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
      let expectations = parts.dropFirst().map { part in
        let pair = part.split(separator: " ", maxSplits: 1).map(String.init)
        return (key: pair[0], value: pair.count > 1 ? pair[1] : "")
      }
      return FamilyCase(text: parts[0], expectations: expectations)
    }
  }

  func outcome() -> Outcome {
    let utc = TimeZone(identifier: "UTC")!
    let draft: TaskDraft
    do {
      draft = try Capture.draft(from: text, at: typedAt, timeZone: utc)
    } catch {
      if expectations.contains(where: { $0.key == "refused" }) { return .right }
      return .notRead("refused: \(error)")
    }
    if expectations.contains(where: { $0.key == "refused" }) {
      return .misread("stored, where it should be refused (due \(draft.due.map { Self.text($0) } ?? "none"))")
    }
    var missing: [String] = []
    for (key, value) in expectations {
      switch key {
      case "typed": continue
      case "due", "start":
        // To the minute: "end of day" is 23:59:59, written 23:59.
        let got = (key == "due" ? draft.due : draft.start).map { Self.text($0) }
        let wanted = value == "none" ? nil : value
        guard got != wanted else { continue }
        if got == nil {
          missing.append("no \(key), wanted \(value)")
        } else {
          return .misread("\(key) \(got!), wanted \(value)")
        }
      case "repeat":
        let got = draft.recurrence?.rrule
        let wanted = value == "none" ? nil : value
        guard got != wanted else { continue }
        if got == nil {
          missing.append("no rule, wanted \(value)")
        } else {
          return .misread("rule \(got!), wanted \(value)")
        }
      case "title":
        if draft.title != value { missing.append("title \"\(draft.title)\", wanted \"\(value)\"") }
      case "type":
        if draft.type.rawValue != value { missing.append("type \(draft.type.rawValue), wanted \(value)") }
      case "kept":
        let named = draft.spans.contains { $0.field == .unread && $0.text == value && $0.reason != nil }
        if !named { missing.append("\"\(value)\" not named as kept") }
      default:
        missing.append("unknown expectation \(key)")
      }
    }
    // A field the line does not state must stay empty: a date nobody asked for is a misread too.
    for key in ["due", "start", "repeat"] where !expectations.contains(where: { $0.key == key }) {
      let got: String? =
        switch key {
        case "due": draft.due.map { Self.text($0) }
        case "start": draft.start.map { Self.text($0) }
        default: draft.recurrence?.rrule
        }
      if let got { return .misread("\(key) \(got), where the line states none") }
    }
    return missing.isEmpty ? .right : .notRead(missing.joined(separator: "; "))
  }

  /// When the line was typed: `typed HH:MM` on the reference day, `typed YYYY-MM-DDTHH:MM` that instant, else the
  /// reference instant.
  var typedAt: Date {
    guard let typed = expectations.first(where: { $0.key == "typed" })?.value else { return Fixtures.now }
    let (day, clock) =
      typed.contains("T")
      ? (String(typed.prefix(10)), String(typed.dropFirst(11))) : (Self.text(Fixtures.now).prefix(10) + "", typed)
    let parts = clock.split(separator: ":").compactMap { Int($0) }
    let date = day.split(separator: "-").compactMap { Int($0) }
    let midnight = CivilDate(year: date[0], month: date[1], day: date[2])!.dayNumber * 86_400
    return Date(timeIntervalSince1970: Double(midnight + parts[0] * 3600 + parts[1] * 60))
  }

  static func text(_ date: Date) -> String {
    return String(Timestamp.rfc3339(secondsSince1970: date.timeIntervalSince1970).prefix(16))
  }
}
