import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// How people write a routine without the words Stride first knew (issue 29). Reference: Saturday 2026-11-21 09:00
/// UTC.
@Suite("Routines: the families people write")
struct RoutineFamilyTests {
  let utc = TimeZone(identifier: "UTC")!

  func draft(_ text: String) throws -> TaskDraft {
    try Capture.draft(from: text, at: Fixtures.now, timeZone: utc)
  }

  @Test(
    "weekdays listed without every are a weekly routine on those days",
    arguments: [
      ("gym mon wed fri 7am", "gym", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "2026-11-23T07:00:00Z"),
      ("swim tue thu 6pm", "swim", "FREQ=WEEKLY;BYDAY=TU,TH", "2026-11-24T18:00:00Z"),
      ("piano lesson monday and thursday", "piano lesson", "FREQ=WEEKLY;BYDAY=MO,TH", "2026-11-23T23:59:59Z"),
      ("gym on mon/wed/fri", "gym", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "2026-11-23T23:59:59Z"),
      ("yoga tuesdays", "yoga", "FREQ=WEEKLY;BYDAY=TU", "2026-11-24T23:59:59Z"),
      ("choir on thursdays at 7:30pm", "choir", "FREQ=WEEKLY;BYDAY=TH", "2026-11-26T19:30:00Z"),
      ("run fri and sun mornings", "run", "FREQ=WEEKLY;BYDAY=FR,SU", "2026-11-22T09:00:00Z"),
    ])
  func weekdayLists(_ text: String, _ title: String, _ rule: String, _ due: String) throws {
    let draft = try draft(text)
    #expect(draft.title == title, "\(text)")
    #expect(draft.recurrence?.rrule == rule, "\(text)")
    #expect(draft.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "every other weekday starts on the coming one, not a week later; said on that day, it is today",
    arguments: [
      ("water the plants every other monday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "2026-11-23T23:59:59Z"),
      ("team sync every 2 weeks on friday 10am", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "2026-11-27T10:00:00Z"),
      ("market every other saturday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA", "2026-11-21T23:59:59Z"),
      ("sheets every 2 weeks", "FREQ=WEEKLY;INTERVAL=2", "2026-11-21T23:59:59Z"),
    ])
  func everyOther(_ text: String, _ rule: String, _ due: String) throws {
    let draft = try draft(text)
    #expect(draft.recurrence?.rrule == rule, "\(text)")
    #expect(draft.due == Fixtures.at(due), "\(text): \(String(describing: draft.due))")
  }

  @Test(
    "one weekday, or weekdays that are only ordinary words, are no routine",
    arguments: [
      "call bob friday", "sat in the sun", "enjoy the sun sat", "finish report monday to friday",
      "the mon-fri bus pass", "sun sat low over the hills",
    ])
  func notRoutines(_ text: String) throws {
    #expect(try draft(text).recurrence == nil, "\(text)")
  }

  @Test(
    "a frequency word before its time or tokens is a routine at that time",
    arguments: [
      ("stretch daily 7:30am ~10m", "stretch", "FREQ=DAILY", "2026-11-22T07:30:00Z"),
      ("meds daily at 9pm #health", "meds", "FREQ=DAILY", "2026-11-21T21:00:00Z"),
      ("review budget weekly 5pm !low", "review budget", "FREQ=WEEKLY", "2026-11-21T17:00:00Z"),
      ("stretch daily in the morning", "stretch", "FREQ=DAILY", "2026-11-22T09:00:00Z"),
    ])
  func frequencyWordThenTime(_ text: String, _ title: String, _ rule: String, _ due: String) throws {
    let draft = try draft(text)
    #expect(draft.title == title, "\(text)")
    #expect(draft.recurrence?.rrule == rule, "\(text)")
    #expect(draft.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "a frequency word that names what the task is stays in the title when a rule in words is there",
    arguments: [
      ("weekly review every friday 4pm", "weekly review", "FREQ=WEEKLY;BYDAY=FR"),
      ("daily standup notes every weekday", "daily standup notes", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
      ("monthly budget check every month on the 1st", "monthly budget check", "FREQ=MONTHLY;BYMONTHDAY=1"),
      ("quarterly taxes every 3 months", "quarterly taxes", "FREQ=MONTHLY;INTERVAL=3"),
      ("yearly checkup every year", "yearly checkup", "FREQ=YEARLY"),
    ])
  func frequencyWordInTitle(_ text: String, _ title: String, _ rule: String) throws {
    let draft = try draft(text)
    #expect(draft.title == title, "\(text)")
    #expect(draft.recurrence?.rrule == rule, "\(text)")
  }

  @Test(
    "a time of day after a routine's days sets its clock time and leaves the title",
    arguments: [
      ("bins every tues and fri night", "bins", "2026-11-24T22:00:00Z"),
      ("every sunday evening call mum", "call mum", "2026-11-22T19:00:00Z"),
      ("stand-up every weekday morning", "stand-up", "2026-11-23T09:00:00Z"),
      ("water plants every monday afternoon", "water plants", "2026-11-23T15:00:00Z"),
      ("read every day at night", "read", "2026-11-21T22:00:00Z"),
      ("journal every day in the evening", "journal", "2026-11-21T19:00:00Z"),
    ])
  func dayPartAfterDays(_ text: String, _ title: String, _ due: String) throws {
    let draft = try draft(text)
    #expect(draft.title == title, "\(text)")
    #expect(draft.due == Fixtures.at(due), "\(text)")
  }

  @Test(
    "an nth weekday of the month is said with the month, so it is never heard as every other week",
    arguments: [
      ("every 2nd tuesday", "every month on the second Tuesday"),
      ("every last friday", "every month on the last Friday"),
      ("every first monday of the month", "every month on the first Monday"),
      ("every 2 months on the third thursday", "every 2 months on the third Thursday"),
    ])
  func nthWeekdayWords(_ text: String, _ words: String) throws {
    let rule = try #require(RecurrenceReader.parse(text)?.rule, "\(text)")
    #expect(rule.words == words)
    // What the CLI sends back to the daemon reads as the same rule.
    #expect(RecurrenceReader.parse(rule.words)?.rule == rule, "\(words)")
  }

  @Test(
    "--repeat reads what a capture reads, with a time of day after the rule",
    arguments: [
      ("every mon wed fri 7am", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "07:00"),
      ("mon wed fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR", nil),
      ("daily at 7:30", "FREQ=DAILY", "07:30"),
      ("every sunday evening", "FREQ=WEEKLY;BYDAY=SU", "19:00"),
      ("tuesdays", "FREQ=WEEKLY;BYDAY=TU", nil),
    ] as [(String, String, String?)])
  func repeatOption(_ text: String, _ rule: String, _ clock: String?) throws {
    let times = TimeParser(reference: Fixtures.now, timeZone: utc)
    let reading = try #require(RecurrenceReader.parse(text, times: times), "\(text)")
    #expect(reading.rule.rrule == rule)
    #expect(reading.clock.map { String(format: "%02d:%02d", $0.hour, $0.minute) } == clock, "\(text)")
  }

  @Test(
    "an nth weekday or working day of the month is a monthly routine on that day, said back as such",
    arguments: [
      (
        "pay invoices every last weekday of the month", "pay invoices", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
        "every month on the last weekday", "2026-11-30T23:59:59Z"
      ),
      (
        "payroll every first business day", "payroll", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1",
        "every month on the first weekday", "2026-12-01T23:59:59Z"
      ),
      (
        "close the books each last working day of the month", "close the books",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "every month on the last weekday", "2026-11-30T23:59:59Z"
      ),
    ])
  func nthWorkday(_ text: String, _ title: String, _ rule: String, _ words: String, _ due: String) throws {
    let draft = try Capture.draft(from: text, at: Fixtures.now, timeZone: utc)
    #expect(draft.title == title)
    #expect(draft.recurrence?.rrule == rule)
    #expect(draft.recurrence?.words == words)
    #expect(draft.due == Fixtures.at(due))
    #expect(Recurrence(rrule: rule) == draft.recurrence, "the RRULE reads back")
    // It keeps to the last (or first) weekday through months that end on a weekend: January 2027 ends on a Sunday.
    var task = StrideTask(id: TaskID(1), title: title, rawInput: text, createdAt: Fixtures.now)
    task.due = draft.due
    task.recurrence = draft.recurrence
    var days: [CivilDate] = []
    let calendar = LocalCalendar(timeZone: utc)
    for _ in 0..<4 {
      try task.complete(at: task.due!.addingTimeInterval(-3600), calendar: calendar)
      days.append(calendar.day(of: task.due!))
    }
    #expect(days.allSatisfy { (1...5).contains($0.isoWeekday) })
    if rule.hasSuffix("-1") {
      #expect(days.map(\.day) == [31, 29, 26, 31], "Dec 2026, Jan, Feb and Mar 2027: \(days)")
    }
  }

  @Test("--repeat refuses a day after the rule: a rule has no single day", arguments: ["every monday next week"])
  func repeatOptionRefusesDay(_ text: String) {
    #expect(RecurrenceReader.parse(text, times: TimeParser(reference: Fixtures.now, timeZone: utc)) == nil)
  }
}
