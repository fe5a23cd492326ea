import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalendar
@testable import StrideModel

/// Every VTODO Stride writes is valid by RFC 5545's rules, whichever path writes it: sync's upload (with or without
/// the server's copy, which may hold whole-day dates) and `stride export --format ical`.
@Suite("iCalendar: every object Stride writes is valid")
struct ICalendarValidityTests {
  let zones = ["UTC", "Europe/Paris", "America/Los_Angeles", "Asia/Tokyo"].map { TimeZone(identifier: $0)! }

  /// The rules a strict server checks, as sentences; empty when the VTODO keeps them.
  static func problems(_ text: String) -> [String] {
    let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    var problems: [String] = []
    var todo: [String: String] = [:]
    for line in lines {
      if line == "BEGIN:VTODO" { todo = [:] }
      if line == "END:VTODO" { problems += Self.check(todo) }
      let name = String(line.prefix { $0 != ":" && $0 != ";" })
      if todo[name] == nil { todo[name] = line }
    }
    return problems
  }

  private static func check(_ todo: [String: String]) -> [String] {
    var problems: [String] = []
    for name in ["UID", "DTSTAMP"] where todo[name] == nil { problems.append("no \(name)") }
    func value(_ line: String) -> String { String(line.split(separator: ":", maxSplits: 1).last ?? "") }
    func isDay(_ line: String) -> Bool { line.contains(";VALUE=DATE:") }
    if let start = todo["DTSTART"], let due = todo["DUE"] {
      if isDay(start) != isDay(due) { problems.append("DTSTART and DUE of different kinds: \(start) / \(due)") }
      // Both in UTC or both days: their text orders as their times do.
      if !isDay(start), !isDay(due), value(start).hasSuffix("Z"), value(due).hasSuffix("Z"), value(start) > value(due) {
        problems.append("DTSTART after DUE: \(start) / \(due)")
      }
    }
    if let rule = todo["RRULE"], let until = value(rule).split(separator: ";").first(where: { $0.hasPrefix("UNTIL=") }),
      let start = todo["DTSTART"]
    {
      let untilIsDay = until.count == 14
      if untilIsDay != isDay(start) { problems.append("UNTIL not of DTSTART's kind: \(rule) / \(start)") }
      if !untilIsDay, !until.hasSuffix("Z") { problems.append("UNTIL beside a timed DTSTART not in UTC: \(rule)") }
    }
    if todo["RRULE"] != nil, todo["DTSTART"] == nil { problems.append("RRULE without DTSTART") }
    for (name, line) in todo where name == "RELATED-TO" && value(line).isEmpty {
      problems.append("RELATED-TO without a UID")
    }
    return problems
  }

  @Test("random tasks, uploaded over a server copy with whole-day dates and exported, keep every rule")
  func randomTasks() throws {
    var random = SeededRandom(55)
    let now = Fixtures.now
    var checked = 0
    for id in 1...300 {
      let zone = zones.randomElement(using: &random)!
      let calendar = LocalCalendar(timeZone: zone)
      var task = random.task(id: Int64(id), now: now)
      let day = calendar.day(of: now).adding(days: Int.random(in: 0...20, using: &random))
      // A whole-day due (the end of a day), or a timed one.
      task.due = Bool.random(using: &random) ? calendar.date(day, .endOfDay) : calendar.date(day, ClockTime(hour: 17)!)
      switch Int.random(in: 0...3, using: &random) {
      case 0: task.start = calendar.date(day.adding(days: -1), ClockTime(hour: 18)!)
      case 1: task.start = calendar.date(day.adding(days: -2), .startOfDay)
      case 2: task.start = calendar.date(day.adding(days: 3), ClockTime(hour: 9)!)
      default: break
      }
      if Bool.random(using: &random) {
        var rule = Recurrence([.daily, .weekly, .monthly].randomElement(using: &random)!)
        rule.until = Recurrence.dayText(day.adding(days: 30))
        task.recurrence = rule
      }
      let fields = SyncFields(task, uid: { "t\($0)" }, stepUIDs: task.subtasks.indices.map { "t\(id)-s\($0)" })
      // The server's copy as a phone left it: the due a whole day.
      var server = fields
      server.due = calendar.date(day, .endOfDay)
      server.start = nil
      let serverText = VTodo.text(
        task: server, uid: "t\(id)", created: task.createdAt, modified: task.updatedAt, now: now, timeZone: zone)
      let parsed = try VTodo.parse(serverText, timeZone: zone)
      let uploads = [
        VTodo.text(
          task: fields, uid: "t\(id)", created: task.createdAt, modified: task.updatedAt, now: now, timeZone: zone),
        VTodo.text(
          task: fields, uid: "t\(id)", created: task.createdAt, modified: task.updatedAt, now: now, timeZone: zone,
          server: parsed),
        ICalendar.text([task], now: now, timeZone: zone),
      ]
      for text in uploads {
        #expect(Self.problems(text).isEmpty, "\(Self.problems(text))\n\(text)")
        checked += 1
      }
    }
    #expect(checked == 900)
  }

  @Test("a due already on the server as a whole day, given a timed start, is written timed beside it")
  func wholeDayDueThenTimedStart() throws {
    let paris = TimeZone(identifier: "Europe/Paris")!
    let calendar = LocalCalendar(timeZone: paris)
    var task = Fixtures.task(1, "fix the sink", due: calendar.date(calendar.day(of: Fixtures.now), .endOfDay))
    let before = SyncFields(task, uid: { "t\($0)" }, stepUIDs: [])
    let serverText = VTodo.text(
      task: before, uid: "t1", created: task.createdAt, modified: task.updatedAt, now: Fixtures.now, timeZone: paris)
    #expect(serverText.contains("DUE;VALUE=DATE:20261121"))
    task.start = calendar.date(calendar.day(of: Fixtures.now), ClockTime(hour: 18)!)
    let after = SyncFields(task, uid: { "t\($0)" }, stepUIDs: [])
    let upload = VTodo.text(
      task: after, uid: "t1", created: task.createdAt, modified: task.updatedAt, now: Fixtures.now, timeZone: paris,
      server: try VTodo.parse(serverText, timeZone: paris))
    #expect(Self.problems(upload).isEmpty, "\(upload)")
    #expect(upload.contains("DUE:20261121T225959Z") && upload.contains("DTSTART:20261121T170000Z"), "\(upload)")
    // Upload and export say the same.
    let export = ICalendar.text([task], now: Fixtures.now, timeZone: paris)
    #expect(export.contains("DUE:20261121T225959Z") && export.contains("DTSTART:20261121T170000Z"))
  }

  @Test("a routine without a start gets a DTSTART of its due's kind, read back as no start; another app's start stays")
  func routineAnchor() throws {
    let paris = TimeZone(identifier: "Europe/Paris")!
    let calendar = LocalCalendar(timeZone: paris)
    let today = calendar.day(of: Fixtures.now)
    func upload(_ due: Date, _ rule: Recurrence) -> String {
      var task = Fixtures.task(1, "water the plants", due: due)
      task.recurrence = rule
      let fields = SyncFields(task, uid: { "t\($0)" }, stepUIDs: [])
      return VTodo.text(
        task: fields, uid: "t1", created: task.createdAt, modified: task.updatedAt, now: Fixtures.now, timeZone: paris)
    }
    let wholeDay = upload(calendar.date(today, .endOfDay), Recurrence(.weekly))
    #expect(wholeDay.contains("DTSTART;X-STRIDE-ANCHOR=TRUE;VALUE=DATE:20261121"), "\(wholeDay)")
    let timed = upload(calendar.date(today, ClockTime(hour: 17)!), Recurrence(.daily))
    #expect(timed.contains("DTSTART;X-STRIDE-ANCHOR=TRUE:20261120T230000Z"), "\(timed)")
    var hourly = Recurrence(.hourly)
    hourly.interval = 3
    let everyFew = upload(calendar.date(today, ClockTime(hour: 13)!), hourly)
    #expect(everyFew.contains("DTSTART;X-STRIDE-ANCHOR=TRUE:20261121T120000Z"), "\(everyFew)")
    for text in [wholeDay, timed, everyFew] {
      #expect(Self.problems(text).isEmpty, "\(Self.problems(text))")
      #expect(try VTodo.parse(text, timeZone: paris)?.fields.start == nil)
    }
    // A phone that gives the routine a start writes its own DTSTART, without Stride's mark: a start.
    let phone = timed.replacingOccurrences(
      of: "DTSTART;X-STRIDE-ANCHOR=TRUE:20261120T230000Z", with: "DTSTART:20261121T080000Z")
    #expect(try VTodo.parse(phone, timeZone: paris)?.fields.start == Fixtures.at("2026-11-21T08:00:00Z"))
  }
}
