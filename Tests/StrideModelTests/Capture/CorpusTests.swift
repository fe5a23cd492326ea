import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// The peers' own test data (../shared/corpora), run through Stride's parser. Pass rates are printed by category.
/// Cases Stride deliberately answers differently are listed by text in Docs/capture.md; they are left out of the
/// rates, and the test checks that each listed case really is answered differently, so the list stays honest.
@Suite("Peer corpora", .enabled(if: Corpora.available, "../shared/corpora is not beside the repository"))
struct CorpusTests {
  @Test("chrono casual mode: at least 90% of the supported categories; every negative left alone")
  func chrono() throws {
    let report = Report(corpus: "chrono")
    for record in try Corpora.load("chrono_en_dev.jsonl") where record["mode"] as? String == "casual" {
      let category = record["category"] as? String ?? "?"
      let text = record["text"] as! String
      let parser = TimeParser(reference: Corpora.reference(record["ref"]), timeZone: Corpora.utc)
      let found = parser.find(in: text).first
      let outcome: Bool
      if record["expect"] is NSNull {
        outcome = found == nil
      } else if let expected = record["expect"] as? [String: Any] {
        outcome = found.map { Corpora.agrees(parser, $0.value, expected, dateOnlyNoon: true) } ?? false
      } else {
        continue
      }
      report.add(
        category: category, text: text, passed: outcome, supported: !Corpora.chronoUnsupported.contains(category))
    }
    report.print()
    #expect(report.rate(supportedOnly: true) >= 0.90, "chrono supported categories: \(report.summary)")
    #expect(report.failures(category: "negative").isEmpty, "chrono negatives: \(report.failures(category: "negative"))")
    #expect(report.staleDifferences.isEmpty, "listed in Docs/capture.md but now agree: \(report.staleDifferences)")
  }

  /// Issue 55's count: every chrono record that expects a date, whatever its mode or category, with the cases
  /// Docs/capture.md lists as answered differently counted as misses too, each read in the numeric date order of
  /// its mode (`Corpora.dateOrder`). Issue 55 asks for 80%: 254 of 313 agree (81.2%). Of the records that expect
  /// nothing, every one of the casual modes is left alone; of the strict mode's, seven are words Stride reads in
  /// every mode (`Tuesday`, `in 15m`, `5 h ago`), so 50 of 57 in all, held where they stand.
  @Test("chrono core: at least 80% of every record that expects a date; every casual negative left alone")
  func chronoCore() throws {
    var agreed = 0
    var misses: [String] = []
    var negatives = 0
    var readAnyway: [String] = []
    for record in try Corpora.load("chrono_en_dev.jsonl") {
      guard let text = record["text"] as? String else { continue }
      let parser = TimeParser(
        reference: Corpora.reference(record["ref"]), timeZone: Corpora.utc,
        dateOrder: Corpora.dateOrder(ofMode: record["mode"]))
      if record["expect"] is NSNull {
        negatives += 1
        if !parser.find(in: text).isEmpty { readAnyway.append("\(record["mode"] ?? "?"): \(text)") }
        continue
      }
      guard let expected = record["expect"] as? [String: Any] else { continue }
      let found = parser.find(in: text).first
      if found.map({ Corpora.agrees(parser, $0.value, expected, dateOnlyNoon: true) }) ?? false {
        agreed += 1
      } else {
        misses.append(text)
      }
    }
    let total = agreed + misses.count
    print("chrono core: \(agreed) of \(total) agree; missed:\n  " + misses.joined(separator: "\n  "))
    print(
      "chrono negatives: \(negatives - readAnyway.count) of \(negatives) left alone; read:\n  "
        + readAnyway.joined(separator: "\n  "))
    #expect(Double(agreed) >= 0.80 * Double(total), "chrono core: \(agreed) of \(total)")
    #expect(readAnyway.allSatisfy { $0.hasPrefix("strict:") }, "chrono negatives read: \(readAnyway)")
    #expect(negatives - readAnyway.count >= 50, "chrono negatives: \(readAnyway)")
  }

  @Test("Taskwarrior dates: at least 95% of the ISO 8601 cases")
  func taskwarriorDates() throws {
    let report = Report(corpus: "taskwarrior-dates")
    for record in try Corpora.load("taskwarrior_dates.jsonl") {
      let category = record["category"] as? String ?? "?"
      let text = record["text"] as! String
      let parser = TimeParser(reference: Corpora.reference(record["ref"]), timeZone: Corpora.utc)
      let parsed = parser.parse(text)
      let outcome: Bool
      if record["expect"] is NSNull {
        outcome = parsed == nil
      } else if let expected = record["expect"] as? [String: Any] {
        outcome = parsed.map { Corpora.agrees(parser, $0.value, expected, dateOnlyNoon: false) } ?? false
      } else {
        continue
      }
      report.add(category: category, text: text, passed: outcome, supported: true)
    }
    report.print()
    #expect(report.rate(category: "iso-8601") >= 0.95, "\(report.summary)")
    #expect(report.staleDifferences.isEmpty, "listed in Docs/capture.md but now agree: \(report.staleDifferences)")
  }

  @Test("Taskwarrior durations: at least 95%")
  func taskwarriorDurations() throws {
    let report = Report(corpus: "taskwarrior-durations")
    for record in try Corpora.load("taskwarrior_durations.jsonl") {
      let text = record["text"] as! String
      let expected = record["expect_seconds"] as? Int
      report.add(
        category: expected == nil ? "negative" : "duration", text: text,
        passed: Durations.seconds(text) == expected, supported: true)
    }
    report.print()
    #expect(report.rate(supportedOnly: true) >= 0.95, "\(report.summary)")
  }

  @Test("Taskwarrior named-date relations")
  func taskwarriorRelations() throws {
    let report = Report(corpus: "taskwarrior-relations")
    let parser = TimeParser(reference: Fixtures.now, timeZone: Corpora.utc)
    for record in try Corpora.load("taskwarrior_named_date_rules.jsonl") {
      // "fridayCapital == fri" means "Friday == fri".
      let assertion = (record["assert"] as! String).replacingOccurrences(of: "Capital", with: "")
      guard let relation = Corpora.relation(assertion) else { continue }
      let (left, op, right) = relation
      guard let a = parser.parse(left), let b = parser.parse(right) else {
        report.add(category: "relation", text: assertion, passed: false, supported: true)
        continue
      }
      let x = parser.instant(a.value, dateOnly: .startOfDay)
      let y = parser.instant(b.value, dateOnly: .startOfDay)
      let holds =
        switch op {
        case "==": x == y
        case "<": x < y
        case ">": x > y
        case "<=": x <= y
        default: x >= y
        }
      report.add(category: "relation", text: assertion, passed: holds, supported: true)
    }
    report.print()
    #expect(report.rate(supportedOnly: true) >= 0.90, "\(report.summary)")
  }

  @Test("Vikunja quick add: every must-not-parse title left alone; dates found and stripped from titles")
  func vikunja() throws {
    let report = Report(corpus: "vikunja")
    for record in try Corpora.load("vikunja_quickadd_dev.jsonl") where record["function"] as? String == "parseTaskText"
    {
      let text = record["text"] as! String
      guard record["prefix_mode"] as? String == "vikunja" else { continue }
      let parser = TimeParser(reference: Corpora.reference(record["ref"]), timeZone: Corpora.utc)
      let matches = parser.find(in: text)
      if record["expect"] == nil || record["expect"] is NSNull {
        report.add(category: "must-not-parse", text: text, passed: matches.isEmpty, supported: true)
        continue
      }
      guard let expected = record["expect"] as? [String: Any] else { continue }
      if record["repeats"] != nil {
        // Repeating tasks are not part of Stride; Docs/capture.md says so.
        report.add(category: "recurrence", text: text, passed: false, supported: false)
        continue
      }
      var passed = matches.first.map { Corpora.agrees(parser, $0.value, expected, dateOnlyNoon: false) } ?? false
      if passed, let title = record["title"] as? String, let match = matches.first {
        var characters = Array(text)
        characters.removeSubrange(match.range)
        passed = String(characters).split(separator: " ").joined(separator: " ") == title
      }
      report.add(category: "date", text: text, passed: passed, supported: true)
    }
    report.print()
    #expect(report.failures(category: "must-not-parse").isEmpty, "\(report.failures(category: "must-not-parse"))")
    #expect(report.rate(category: "date") >= 0.80, "\(report.summary)")
  }
}

/// Loading the corpora and comparing Stride's answers with theirs.
enum Corpora {
  static let directory = Repository.root + "/../shared/corpora"
  static var available: Bool { FileManager.default.fileExists(atPath: directory + "/README.md") }
  static let utc = TimeZone(identifier: "UTC")!

  /// chrono categories Stride does not try to read (Docs/capture.md says why).
  static let chronoUnsupported: Set<String> = ["era-year"]

  static func load(_ name: String) throws -> [[String: Any]] {
    let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
    return try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  /// The order chrono's mode reads a numeric date in: its English parsers, casual and strict, are en-US's (month
  /// first); casual-GB is day first.
  static func dateOrder(ofMode mode: Any?) -> NumericDateOrder {
    (mode as? String) == "casual-GB" ? .dayFirst : .monthFirst
  }

  /// The record's reference instant, read as UTC wall-clock time; a fixed instant when it has none.
  static func reference(_ value: Any?) -> Date {
    guard let text = value as? String else { return Fixtures.now }
    return ISO8601Value.parse(String(text.prefix(19)))?.resolve(in: LocalCalendar(timeZone: utc)) ?? Fixtures.now
  }

  /// Whether Stride's value has the fields the peer asserts. A date-only answer is compared by day when the
  /// peer's hour is only its own default for a date without a time (chrono's 12:00).
  static func agrees(_ parser: TimeParser, _ value: TimeParser.Value, _ expected: [String: Any], dateOnlyNoon: Bool)
    -> Bool
  {
    let offset = (expected["timezoneOffset"] as? Int).map { $0 * 60 } ?? 0
    let date = parser.instant(value, dateOnly: .startOfDay).addingTimeInterval(TimeInterval(offset))
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    let actual: [String: Int] = [
      "year": Int(parts.tm_year) + 1900, "month": Int(parts.tm_mon) + 1, "day": Int(parts.tm_mday),
      "hour": Int(parts.tm_hour), "minute": Int(parts.tm_min), "second": Int(parts.tm_sec),
    ]
    // chrono's "weekday" echoes the word in the text even when the date says otherwise; the date decides.
    var isDay = false
    if case .day = value { isDay = true }
    for (key, raw) in expected {
      guard let wanted = raw as? Int, let got = actual[key] else { continue }
      if isDay && dateOnlyNoon && ["hour", "minute", "second"].contains(key) { continue }
      if got != wanted { return false }
    }
    return true
  }

  /// "eod < tomorrow" as its two sides and the operator; nil for prose rules.
  static func relation(_ text: String) -> (String, String, String)? {
    for op in [" == ", " <= ", " >= ", " < ", " > "] {
      let parts = text.components(separatedBy: op)
      if parts.count == 2, !parts[0].contains(" "), !parts[1].contains(" ") {
        return (parts[0], op.trimmingCharacters(in: .whitespaces), parts[1])
      }
    }
    return nil
  }

  /// The corpus cases Docs/capture.md lists as answered differently, by corpus.
  static let differences: [String: Set<String>] = {
    guard let text = try? String(contentsOfFile: Repository.root + "/Docs/capture.md", encoding: .utf8) else {
      return [:]
    }
    var table: [String: Set<String>] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count > 3, cells[2].hasPrefix("`"), cells[2].hasSuffix("`"), cells[2].count >= 2 else { continue }
      table[cells[1], default: []].insert(String(cells[2].dropFirst().dropLast()))
    }
    return table
  }()
}

/// Tallies one corpus by category.
final class Report: @unchecked Sendable {
  // Used by one test on one thread.
  let corpus: String
  private var rows: [(category: String, text: String, passed: Bool, supported: Bool)] = []
  /// Whether each record of a listed case passed; a text can stand in several records (other references).
  private var listedOutcomes: [String: [Bool]] = [:]

  /// Listed cases that Stride now answers like the peer in every record: the list in Docs/capture.md is stale.
  var staleDifferences: [String] {
    listedOutcomes.filter { $0.value.allSatisfy { $0 } }.map(\.key).sorted()
  }

  init(corpus: String) { self.corpus = corpus }

  func add(category: String, text: String, passed: Bool, supported: Bool) {
    let listed = Corpora.differences[corpus]?.contains(text) ?? false
    if listed {
      listedOutcomes[text, default: []].append(passed)
      rows.append((category, text, passed, false))
      return
    }
    rows.append((category, text, passed, supported))
  }

  func rate(supportedOnly: Bool = true) -> Double {
    let counted = rows.filter { $0.supported || !supportedOnly }
    return counted.isEmpty ? 1 : Double(counted.count(where: \.passed)) / Double(counted.count)
  }

  func rate(category: String) -> Double {
    let counted = rows.filter { $0.category == category && $0.supported }
    return counted.isEmpty ? 1 : Double(counted.count(where: \.passed)) / Double(counted.count)
  }

  func failures(category: String) -> [String] {
    rows.filter { $0.category == category && $0.supported && !$0.passed }.map(\.text)
  }

  var summary: String {
    let categories = Set(rows.map(\.category)).sorted()
    return categories.map { category in
      let all = rows.filter { $0.category == category }
      let counted = all.filter(\.supported)
      let listed = all.count - counted.count
      return "\(category) \(counted.count(where: \.passed))/\(counted.count)"
        + (listed > 0 ? " (+\(listed) not counted; \(all.count(where: \.passed))/\(all.count) over all)" : "")
    }.joined(separator: ", ")
  }

  func print() {
    Swift.print("corpus \(corpus): \(summary)")
    for row in rows where (row.supported || ProcessInfo.processInfo.environment["STRIDE_LISTED"] != nil) && !row.passed
    {
      Swift.print("  differs [\(row.category)] \(row.text.debugDescription)")
    }
  }
}
