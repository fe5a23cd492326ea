import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideModel

/// Routines: reading a rule, and where its next occurrence falls.
@Suite("Routines")
struct RecurrenceTests {
  let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
  let berlin = LocalCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)

  func next(_ rule: Recurrence, after: String, anchor: String, _ calendar: LocalCalendar? = nil) -> String {
    Timestamp.format(rule.next(after: Fixtures.at(after), anchor: Fixtures.at(anchor), in: calendar ?? utc))
  }

  @Test(
    "rules read from the words people write",
    arguments: [
      ("every monday", "FREQ=WEEKLY;BYDAY=MO", false),
      ("every Monday and Thursday", "FREQ=WEEKLY;BYDAY=MO,TH", false),
      ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", false),
      ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2", false),
      ("every other week", "FREQ=WEEKLY;INTERVAL=2", false),
      ("every fortnight", "FREQ=WEEKLY;INTERVAL=2", false),
      ("daily", "FREQ=DAILY", false),
      ("every day", "FREQ=DAILY", false),
      ("every morning", "FREQ=DAILY", false),
      ("every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1", false),
      ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1", false),
      ("every last friday", "FREQ=MONTHLY;BYDAY=-1FR", false),
      ("every first monday of the month", "FREQ=MONTHLY;BYDAY=1MO", false),
      ("every 15th", "FREQ=MONTHLY;BYMONTHDAY=15", false),
      ("every 1st and 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15", false),
      ("every month on the 1st and the 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15", false),
      ("every 2nd week", "FREQ=WEEKLY;INTERVAL=2", false),
      ("every third day", "FREQ=DAILY;INTERVAL=3", false),
      ("biweekly", "FREQ=WEEKLY;INTERVAL=2", false),
      ("every 3 days", "FREQ=DAILY;INTERVAL=3", false),
      ("every 3 days after done", "FREQ=DAILY;INTERVAL=3", true),
      ("every! 3 days", "FREQ=DAILY;INTERVAL=3", true),
      ("every two months", "FREQ=MONTHLY;INTERVAL=2", false),
      ("yearly", "FREQ=YEARLY", false),
      ("every week on tuesday", "FREQ=WEEKLY;BYDAY=TU", false),
    ])
  func reads(_ text: String, _ rule: String, _ afterDone: Bool) throws {
    let reading = try #require(RecurrenceReader.parse(text), "\(text)")
    #expect(reading.rule.rrule == rule, "\(text)")
    #expect(reading.rule.afterDone == afterDone, "\(text)")
    #expect(Recurrence(rrule: reading.rule.rrule, afterDone: afterDone) == reading.rule, "RRULE round trip")
    #expect(
      RecurrenceReader.parse(reading.rule.words)?.rule == reading.rule, "the words read back: \(reading.rule.words)")
  }

  @Test("Taskwarrior's recur values")
  func taskwarrior() {
    #expect(RecurrenceReader.taskwarrior("weekly") == Recurrence(.weekly))
    #expect(RecurrenceReader.taskwarrior("2w") == Recurrence(.weekly, interval: 2))
    #expect(RecurrenceReader.taskwarrior("3d") == Recurrence(.daily, interval: 3))
    #expect(RecurrenceReader.taskwarrior("monthly") == Recurrence(.monthly))
    #expect(RecurrenceReader.taskwarrior("quarterly") == Recurrence(.monthly, interval: 3))
    #expect(RecurrenceReader.taskwarrior("biweekly") == Recurrence(.weekly, interval: 2))
    #expect(RecurrenceReader.taskwarrior("1y") == Recurrence(.yearly))
    #expect(RecurrenceReader.taskwarrior("weekdays") == Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5]))
    #expect(RecurrenceReader.taskwarrior("sometimes") == nil)
  }

  @Test(
    "what is not a rule is not read",
    arguments: ["every time", "every one of them", "weekly report", "every", "each other"])
  func notRules(_ text: String) {
    #expect(RecurrenceReader.parse(text) == nil)
  }

  @Test("RRULEs Stride would not keep faithfully are refused")
  func refusedRules() {
    for rule in [
      "FREQ=MINUTELY", "FREQ=HOURLY;BYDAY=MO", "FREQ=WEEKLY;COUNT=0", "FREQ=DAILY;UNTIL=tomorrow",
      "FREQ=DAILY;COUNT=3;UNTIL=20270101",
      "FREQ=MONTHLY;BYSETPOS=-1", "FREQ=MONTHLY;BYDAY=1MO,3MO", "FREQ=WEEKLY;BYDAY=XX", "nonsense",
    ] {
      #expect(Recurrence(rrule: rule) == nil, "\(rule)")
    }
    // A series with an end is kept, and said with its end.
    for (rule, words) in [
      ("FREQ=WEEKLY;COUNT=3", "every week, 3 times counting this one"),
      ("FREQ=DAILY;UNTIL=20270101T000000Z", "every day until 1 January 2027"),
      ("FREQ=MONTHLY;BYMONTHDAY=1;UNTIL=20270601", "every month on the 1st until 1 June 2027"),
    ] {
      #expect(Recurrence(rrule: rule)?.rrule == rule)
      #expect(Recurrence(rrule: rule)?.words == words)
    }
    #expect(Recurrence(rrule: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR") == Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5]))
    #expect(Recurrence(rrule: "freq=weekly;wkst=mo;byday=fr") == Recurrence(.weekly, weekdays: [5]))
  }

  @Test("weekly rules: the next such weekday, every other week counted from the first")
  func weekly() {
    // Saturday 21 November 2026.
    let monday = Recurrence(.weekly, weekdays: [1])
    #expect(next(monday, after: "2026-11-21T09:00:00Z", anchor: "2026-11-16T09:00:00Z") == "2026-11-23T09:00:00Z")
    let weekdays = Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5])
    #expect(next(weekdays, after: "2026-11-20T10:00:00Z", anchor: "2026-11-20T09:30:00Z") == "2026-11-23T09:30:00Z")
    let fortnight = Recurrence(.weekly, interval: 2)
    #expect(next(fortnight, after: "2026-11-21T09:00:00Z", anchor: "2026-11-17T18:00:00Z") == "2026-12-01T18:00:00Z")
    let twoDays = Recurrence(.weekly, weekdays: [2, 5])
    #expect(next(twoDays, after: "2026-11-24T08:00:00Z", anchor: "2026-11-20T07:00:00Z") == "2026-11-27T07:00:00Z")
  }

  @Test("month ends: the 31st falls on a shorter month's last day; 29 February on the 28th in other years")
  func monthEnds() {
    let thirtyFirst = Recurrence(.monthly, monthDays: [31])
    #expect(next(thirtyFirst, after: "2027-01-31T12:00:00Z", anchor: "2027-01-31T09:00:00Z") == "2027-02-28T09:00:00Z")
    #expect(next(thirtyFirst, after: "2028-01-31T12:00:00Z", anchor: "2028-01-31T09:00:00Z") == "2028-02-29T09:00:00Z")
    #expect(next(thirtyFirst, after: "2027-03-31T12:00:00Z", anchor: "2027-03-31T09:00:00Z") == "2027-04-30T09:00:00Z")
    let lastDay = Recurrence(.monthly, monthDays: [-1])
    #expect(next(lastDay, after: "2026-11-30T23:59:59Z", anchor: "2026-11-30T23:59:59Z") == "2026-12-31T23:59:59Z")
    let leap = Recurrence(.yearly)
    #expect(next(leap, after: "2028-02-29T12:00:00Z", anchor: "2028-02-29T09:00:00Z") == "2029-02-28T09:00:00Z")
    #expect(next(leap, after: "2031-03-01T12:00:00Z", anchor: "2028-02-29T09:00:00Z") == "2032-02-29T09:00:00Z")
    let monthly = Recurrence(.monthly)
    #expect(next(monthly, after: "2026-11-21T09:00:00Z", anchor: "2026-10-31T09:00:00Z") == "2026-11-30T09:00:00Z")
  }

  @Test("several days of the month: the 1st and the 15th, and the last day")
  func severalDays() {
    let bills = Recurrence(.monthly, monthDays: [1, 15])
    #expect(next(bills, after: "2026-11-21T09:00:00Z", anchor: "2026-11-01T09:00:00Z") == "2026-12-01T09:00:00Z")
    #expect(next(bills, after: "2026-12-01T10:00:00Z", anchor: "2026-11-01T09:00:00Z") == "2026-12-15T09:00:00Z")
    let ends = Recurrence(.monthly, monthDays: [15, -1])
    #expect(ends.rrule == "FREQ=MONTHLY;BYMONTHDAY=15,-1")
    #expect(ends.words == "every month on the 15th and last day")
    #expect(next(ends, after: "2027-02-16T09:00:00Z", anchor: "2027-01-15T09:00:00Z") == "2027-02-28T09:00:00Z")
  }

  @Test("nth and last weekdays of the month")
  func ordinals() {
    let lastFriday = Recurrence(.monthly, ordinal: .init(number: -1, weekday: 5))
    #expect(next(lastFriday, after: "2026-11-21T09:00:00Z", anchor: "2026-10-30T17:00:00Z") == "2026-11-27T17:00:00Z")
    #expect(next(lastFriday, after: "2026-11-27T18:00:00Z", anchor: "2026-10-30T17:00:00Z") == "2026-12-25T17:00:00Z")
    let firstMonday = Recurrence(.monthly, ordinal: .init(number: 1, weekday: 1))
    #expect(next(firstMonday, after: "2026-11-21T09:00:00Z", anchor: "2026-11-02T09:00:00Z") == "2026-12-07T09:00:00Z")
    let fifthFriday = Recurrence(.monthly, ordinal: .init(number: 5, weekday: 5))
    // October 2026 has five Fridays (the 30th); November and December do not; January 2027 does (the 29th).
    #expect(next(fifthFriday, after: "2026-10-31T09:00:00Z", anchor: "2026-10-30T09:00:00Z") == "2027-01-29T09:00:00Z")
  }

  @Test("a daily 07:00 routine stays at 07:00 local across both daylight-saving changes")
  func daylightSaving() {
    let daily = Recurrence(.daily)
    // Berlin leaves summer time on 25 October 2026 and starts it on 28 March 2027.
    #expect(
      next(daily, after: "2026-10-24T06:00:00Z", anchor: "2026-10-24T05:00:00Z", berlin) == "2026-10-25T06:00:00Z")
    #expect(
      next(daily, after: "2026-10-25T06:00:00Z", anchor: "2026-10-24T05:00:00Z", berlin) == "2026-10-26T06:00:00Z")
    #expect(
      next(daily, after: "2027-03-27T07:00:00Z", anchor: "2027-03-27T06:00:00Z", berlin) == "2027-03-28T05:00:00Z")
    for day in 0..<10 {
      let start = Fixtures.at("2026-10-20T05:00:00Z").addingTimeInterval(Double(day) * 86_400)
      let occurrence = daily.next(after: start, anchor: Fixtures.at("2026-10-20T05:00:00Z"), in: berlin)
      #expect(berlin.clock(of: occurrence) == ClockTime(hour: 7)!, "\(Timestamp.format(occurrence))")
    }
  }

  @Test("after done counts from the day it was done, at the routine's time of day")
  func afterDone() {
    let rule = Recurrence(.daily, interval: 3, afterDone: true)
    #expect(next(rule, after: "2026-11-25T20:00:00Z", anchor: "2026-11-20T08:00:00Z") == "2026-11-28T08:00:00Z")
    let monthly = Recurrence(.monthly, afterDone: true)
    #expect(next(monthly, after: "2026-11-21T09:00:00Z", anchor: "2026-11-01T09:00:00Z") == "2026-12-21T09:00:00Z")
  }

  @Test("missed occurrences are counted, not multiplied")
  func missed() {
    let daily = Recurrence(.daily)
    #expect(
      daily.missed(since: Fixtures.at("2026-11-14T07:00:00Z"), until: Fixtures.at("2026-11-21T09:00:00Z"), in: utc) == 7
    )
    let monday = Recurrence(.weekly, weekdays: [1])
    #expect(
      monday.missed(since: Fixtures.at("2026-11-02T09:00:00Z"), until: Fixtures.at("2026-11-21T09:00:00Z"), in: utc)
        == 2)
    #expect(
      monday.missed(since: Fixtures.at("2026-11-23T09:00:00Z"), until: Fixtures.at("2026-11-21T09:00:00Z"), in: utc)
        == 0)
  }

  @Test(
    "done brings a routine back once, at the next occurrence after now, steps open; skip moves it without a completion")
  func transitions() throws {
    var task = Fixtures.task(1, "water the plants", due: Fixtures.at("2026-11-09T09:00:00Z"))
    task.recurrence = Recurrence(.weekly, weekdays: [1])
    task.subtasks = [Subtask(title: "kitchen", done: true, completedAt: Fixtures.now), Subtask(title: "balcony")]
    try task.complete(at: Fixtures.now, calendar: utc)
    #expect(task.status == .active)
    #expect(task.due == Fixtures.at("2026-11-23T09:00:00Z"), "missed for two weeks: one task, at the next Monday")
    #expect(task.subtasks.allSatisfy { !$0.done })
    try task.skip(at: Fixtures.now, calendar: utc)
    #expect(task.due == Fixtures.at("2026-11-30T09:00:00Z"))
    // Done early, it is due at the occurrence after the current one.
    try task.complete(at: Fixtures.now, calendar: utc)
    #expect(task.due == Fixtures.at("2026-12-07T09:00:00Z"))
    var oneOff = Fixtures.task(2, "post the parcel")
    #expect(throws: StrideError.self) { try oneOff.skip(at: Fixtures.now, calendar: utc) }
    // The last step done completes the occurrence.
    var steps = Fixtures.task(3, "tidy", due: Fixtures.at("2026-11-21T18:00:00Z"))
    steps.recurrence = Recurrence(.daily)
    steps.subtasks = [Subtask(title: "desk")]
    try steps.completeStep(1, at: Fixtures.now, calendar: utc)
    #expect(steps.status == .active)
    #expect(steps.due == Fixtures.at("2026-11-22T18:00:00Z"))
    #expect(steps.subtasks.first?.done == false)
  }

  @Test("a capture's routine is due at its first occurrence, at the time the line names")
  func firstOccurrence() throws {
    let zone = TimeZone(identifier: "UTC")!
    func draft(_ text: String) throws -> TaskDraft { try Capture.draft(from: text, at: Fixtures.now, timeZone: zone) }
    // Saturday 21 November 2026, 09:00.
    let plants = try draft("water the plants every monday")
    #expect(plants.title == "water the plants")
    #expect(plants.recurrence == Recurrence(.weekly, weekdays: [1]))
    #expect(plants.due == Fixtures.at("2026-11-23T23:59:59Z"))
    #expect(try draft("take vitamins every morning").due == Fixtures.at("2026-11-22T09:00:00Z"))
    #expect(try draft("stand-up every weekday 9:30").due == Fixtures.at("2026-11-23T09:30:00Z"))
    #expect(try draft("pay rent every month on the 1st").due == Fixtures.at("2026-12-01T23:59:59Z"))
    #expect(try draft("stretch daily").recurrence == Recurrence(.daily))
    #expect(try draft("write the weekly report").recurrence == nil)
    #expect(try draft("call gran rec:2w").recurrence == Recurrence(.weekly, interval: 2))
    #expect(try draft("backup recur:weekly").recurrence == Recurrence(.weekly))
    let plan = try draft("every january 1st new year plan")
    #expect(plan.title == "new year plan")
    #expect(plan.recurrence == Recurrence(.yearly))
    #expect(plan.due == Fixtures.at("2027-01-01T23:59:59Z"))
    #expect(try draft("pay the insurance every 5 march").due == Fixtures.at("2027-03-05T23:59:59Z"))
    #expect(try draft("clean every 1st and 15th").recurrence == Recurrence(.monthly, monthDays: [1, 15]))
    #expect(try draft("clean every 1st and 15th").due == Fixtures.at("2026-12-01T23:59:59Z"))
    #expect(try draft("stretch every morning at 7").due == Fixtures.at("2026-11-22T07:00:00Z"))
    let bins = try draft("bins every tuesday and friday 7am")
    #expect(bins.title == "bins")
    #expect(bins.due == Fixtures.at("2026-11-24T07:00:00Z"))
  }
}

/// A monthly routine keeps the day of the month its line named, however it is written and however often it is done.
@Suite("Routines keep their day of the month")
struct MonthDayKeptTests {
  @Test(
    "done every month for a year, a routine on a day some months lack comes back to that day after each short month",
    arguments: [
      ("rent on the 31st every month", 31), ("every month on the 31st rent", 31), ("rent monthly on the 31st", 31),
      ("pay rent every month on the 30th", 30), ("rent due on the 30th, every month", 30),
      ("rent the 30th of every month", 30), ("31st of each month pay rent", 31),
      ("water filter on the 29th monthly", 29), ("every month on the 29th water filter", 29),
    ])
  func keepsDay(_ line: String, _ day: Int) throws {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let calendar = LocalCalendar(timeZone: zone)
    let draft = try Capture.draft(from: line, at: Fixtures.at("2027-01-02T10:00:00Z"), timeZone: zone)
    let rule = try #require(draft.recurrence, "\(line) is not read as a routine")
    #expect(rule.frequency == .monthly, "\(line)")
    #expect(rule.words.contains("on the \(Recurrence.ordinalNumber(day))"), "\(line) is said back as \(rule.words)")
    var task = StrideTask(id: TaskID(1), title: draft.title, rawInput: line, createdAt: Fixtures.now)
    task.due = draft.due
    task.recurrence = rule
    var days: [Int] = []
    for _ in 0..<14 {
      let due = try #require(task.due)
      days.append(calendar.day(of: due).day)
      // Done on the day it is due, the way a person pays rent.
      try task.complete(at: due.addingTimeInterval(-3600), calendar: calendar)
    }
    for (index, seen) in days.enumerated() {
      let month = calendar.day(of: Fixtures.at("2027-01-15T00:00:00Z")).adding(months: index)
      #expect(seen == min(day, month.endOfMonth.day), "\(line): occurrence \(index + 1) fell on the \(seen)th")
    }
  }

  @Test("a routine that came without a day of its own (from another app) keeps its day from its first completion")
  func keepsDayOfPlainRule() throws {
    let calendar = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    var task = StrideTask(id: TaskID(1), title: "rent", rawInput: "rent", createdAt: Fixtures.now)
    task.due = Fixtures.at("2027-01-31T23:59:59Z")
    task.recurrence = Recurrence(rrule: "FREQ=MONTHLY")
    var dues: [String] = []
    for _ in 0..<3 {
      try task.complete(at: task.due!.addingTimeInterval(-60), calendar: calendar)
      dues.append(Timestamp.format(task.due!))
    }
    #expect(dues == ["2027-02-28T23:59:59Z", "2027-03-31T23:59:59Z", "2027-04-30T23:59:59Z"])
    #expect(task.recurrence?.rrule == "FREQ=MONTHLY;BYMONTHDAY=31")
  }
}

/// A series with an end comes back until its end, and is done on its last time.
@Suite("Routines with an end")
struct EndingSeriesTests {
  @Test("a routine until a day comes back each day up to it, its last time done ends it, and it cannot skip past it")
  func untilDay() throws {
    let utc = LocalCalendar(timeZone: TimeZone(identifier: "UTC")!)
    var task = StrideTask(id: TaskID(1), title: "stretch", rawInput: "stretch", createdAt: Fixtures.now)
    task.due = Fixtures.at("2027-01-01T07:00:00Z")
    task.recurrence = Recurrence(rrule: "FREQ=DAILY;UNTIL=20270103")
    try task.complete(at: Fixtures.at("2027-01-01T07:10:00Z"), calendar: utc)
    #expect(task.due == Fixtures.at("2027-01-02T07:00:00Z"))
    try task.complete(at: Fixtures.at("2027-01-02T07:10:00Z"), calendar: utc)
    #expect(task.due == Fixtures.at("2027-01-03T07:00:00Z"))
    #expect(throws: StrideError.self) { try task.skip(at: Fixtures.at("2027-01-03T06:00:00Z"), calendar: utc) }
    try task.complete(at: Fixtures.at("2027-01-03T07:10:00Z"), calendar: utc)
    #expect(task.status == .completed)
  }
}
