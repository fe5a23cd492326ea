import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCalendar
@testable import StrideInterop
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideStore

/// Export and import, through the store: what goes out comes back, and other tools' files come in whole.
@Suite("Import and export")
struct InteropTests {
  static let utc = TimeZone(identifier: "UTC")!

  /// A store holding one of each kind of task: steps half done, deferred until a time, waiting with a follow-up,
  /// completed, blocked by another, with tags, an estimate and a start time.
  static func variedStore() throws -> TaskStore {
    let (store, _) = try Fixtures.store()
    let now = Fixtures.now
    var report = Fixtures.draft("write the quarterly report", steps: ["collect the numbers", "draft"])
    report.tags = ["work"]
    report.estimateMinutes = 90
    let first = try store.capture(report, at: now)
    try store.apply(.completeStep(first.id, index: 1), at: now)
    let dentist = try store.capture(
      Fixtures.draft("call the dentist", due: Fixtures.at("2026-11-23T09:00:00Z"), energy: .low), at: now)
    try store.apply(.deferTask(dentist.id, reason: .wrongTime, until: Fixtures.at("2026-11-22T10:00:00Z")), at: now)
    let sam = try store.capture(Fixtures.draft("numbers from Sam"), at: now)
    try store.apply(.wait(sam.id, note: "Sam", followUp: Fixtures.at("2026-11-24T09:00:00Z")), at: now)
    let rent = try store.capture(Fixtures.draft("pay the rent"), at: now)
    try store.apply(.complete(rent.id), at: now.addingTimeInterval(60))
    var later = Fixtures.draft("plan the garden")
    later.start = Fixtures.at("2026-12-01T08:00:00Z")
    let garden = try store.capture(later, at: now)
    try store.apply(.block(first.id, on: garden.id), at: now)
    return store
  }

  static func allTasks(_ store: TaskStore) throws -> [StrideTask] {
    (try store.tasks(status: nil, tag: nil, at: Fixtures.now)
      + store.tasks(status: .completed, tag: nil, at: Fixtures.now))
      .sorted { $0.id < $1.id }
  }

  @Test("Stride JSON export, then import into an empty store, gives back the same tasks, field for field, kept so")
  func strideRoundTrip() throws {
    var original = try Self.allTasks(Self.variedStore())
    // Time spent in focus sessions travels with the task (25 minutes 30 seconds on the report, some on the rent).
    original[0].spentSeconds = 1_530
    original[3].spentSeconds = 240
    let data = try Exporter.data(original, format: .json, now: Fixtures.now, timeZone: Self.utc)
    let plan = try ImportPlan.read(data, format: .stride, now: Fixtures.now, timeZone: Self.utc)
    #expect(plan.skipped.isEmpty)
    let (fresh, path) = try Fixtures.store()
    let (stored, renumbered) = try fresh.importTasks(plan.tasks, at: Fixtures.now)
    #expect(!renumbered)
    #expect(stored == original)
    #expect(try Self.allTasks(fresh) == original)
    fresh.close()
    let reopened = try TaskStore(path: path)
    #expect(try Self.allTasks(reopened) == original)
    #expect(try Self.allTasks(reopened).map(\.spentSeconds) == [1_530, 0, 0, 240, 0])
  }

  /// The output of `task export` (Taskwarrior 2.6), with the cases an import must get right.
  static let taskwarriorExport = """
    [
    {"id":1,"description":"book the flights","entry":"20261101T100000Z","modified":"20261102T100000Z","status":"pending","uuid":"a1111111-1111-4111-8111-111111111111","due":"20261130T170000Z","priority":"H","project":"Trip","tags":["travel"],"urgency":12.3,"annotations":[{"entry":"20261102T100000Z","description":"ask about the seats"}]},
    {"id":2,"description":"pack the bags","entry":"20261101T100000Z","modified":"20261101T100000Z","status":"pending","uuid":"b2222222-2222-4222-8222-222222222222","depends":["a1111111-1111-4111-8111-111111111111","c3333333-3333-4333-8333-333333333333"]},
    {"id":3,"description":"renew the passport","entry":"20261001T100000Z","modified":"20261105T100000Z","status":"waiting","uuid":"c3333333-3333-4333-8333-333333333333","wait":"20261201T080000Z","due":"20261215T000000Z"},
    {"id":0,"description":"old idea","entry":"20261001T100000Z","end":"20261002T100000Z","status":"deleted","uuid":"d4444444-4444-4444-8444-444444444444"},
    {"id":0,"description":"water the plants","entry":"20261001T100000Z","status":"recurring","recur":"weekly","due":"20261005T090000Z","uuid":"e5555555-5555-4555-8555-555555555555"},
    {"id":5,"description":"water the plants","entry":"20261116T090000Z","status":"pending","recur":"weekly","parent":"e5555555-5555-4555-8555-555555555555","due":"20261123T090000Z","uuid":"08888888-8888-4888-8888-888888888888"},
    {"id":0,"description":"buy a suitcase","entry":"20261001T100000Z","end":"20261003T120000Z","modified":"20261003T120000Z","status":"completed","uuid":"f6666666-6666-4666-8666-666666666666"},
    {"id":4,"description":"print the tickets","entry":"20261101T100000Z","status":"pending","uuid":"07777777-7777-4777-8777-777777777777","depends":"b2222222-2222-4222-8222-222222222222,f6666666-6666-4666-8666-666666666666"}
    ]
    """

  @Test("a Taskwarrior export imports with dependencies, waiting tasks and due dates intact, and says what it left out")
  func taskwarriorImport() throws {
    let plan = try ImportPlan.read(
      Data(Self.taskwarriorExport.utf8), format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    #expect(
      plan.skipped.map(\.entry) == [
        "uuid d4444444-4444-4444-8444-444444444444", "uuid 08888888-8888-4888-8888-888888888888",
      ])
    #expect(plan.skipped[0].reason == "it is deleted in Taskwarrior")
    let (store, _) = try Fixtures.store()
    _ = try store.capture(Fixtures.draft("already here"), at: Fixtures.now)
    let (tasks, renumbered) = try store.importTasks(plan.tasks, at: Fixtures.now)
    #expect(renumbered)
    let byTitle = Dictionary(uniqueKeysWithValues: tasks.map { ($0.title, $0) })
    let flights = try #require(byTitle["book the flights"])
    let bags = try #require(byTitle["pack the bags"])
    let passport = try #require(byTitle["renew the passport"])
    let tickets = try #require(byTitle["print the tickets"])
    #expect(flights.id == TaskID(2))
    #expect(flights.due == Fixtures.at("2026-11-30T17:00:00Z"))
    #expect(flights.type == .obligation)
    #expect(flights.tags == ["travel", "trip"])
    #expect(flights.createdAt == Fixtures.at("2026-11-01T10:00:00Z"))
    // An annotation is a note, dated as Taskwarrior dated it.
    #expect(flights.notes == [Note(at: Fixtures.at("2026-11-02T10:00:00Z"), text: "ask about the seats")])
    #expect(bags.blockedBy == [flights.id, passport.id])
    #expect(passport.status == .deferred)
    #expect(passport.deferral?.until == Fixtures.at("2026-12-01T08:00:00Z"))
    #expect(passport.due == Fixtures.at("2026-12-15T00:00:00Z"))
    #expect(passport.wakeUps.map(\.kind) == [.deferral, .due])
    // The comma-separated form of depends is read too; a finished dependency no longer holds anything up.
    #expect(tickets.blockedBy == [bags.id])
    #expect(byTitle["buy a suitcase"]?.status == .completed)
    #expect(byTitle["buy a suitcase"]?.completedAt == Fixtures.at("2026-10-03T12:00:00Z"))
    // A recurring template and its pending instance are one routine, due at that instance.
    let plants = try #require(byTitle["water the plants"])
    #expect(plants.recurrence == Recurrence(.weekly))
    #expect(plants.due == Fixtures.at("2026-11-23T09:00:00Z"))
    #expect(tasks.count(where: { $0.title == "water the plants" }) == 1)
  }

  @Test("a tab, a newline, an escape or a NUL in one description is a space, and never stops the whole import")
  func controlCharacters() throws {
    let controls = ["\t", "\n", "\u{1B}", "\u{0}", "\r\n"]
    let items = controls.enumerated().map { index, control in
      let description = try! String(
        decoding: JSONSerialization.data(withJSONObject: ["water\(control)the plants \(index)"]), as: UTF8.self)
      return
        #"{"uuid":"a000000\#(index)-0000-4000-8000-000000000000","description":\#(description.dropFirst().dropLast()),"#
        + #""status":"pending","entry":"20261101T100000Z"}"#
    }
    let plan = try ImportPlan.read(
      Data(("[" + items.joined(separator: ",") + "]").utf8), format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc
    )
    #expect(plan.skipped.isEmpty)
    let (store, _) = try Fixtures.store()
    let (tasks, _) = try store.importTasks(plan.tasks, at: Fixtures.now)
    #expect(tasks.map(\.title) == controls.indices.map { "water the plants \($0)" })
    // Stride's own file with such a title (written by another program) reads the same way.
    var odd = Fixtures.task(1, "call\tthe\nbank")
    odd.rawInput = "call the bank"
    let data = try Exporter.data([odd], format: .json, now: Fixtures.now, timeZone: Self.utc)
    let again = try ImportPlan.read(data, format: .stride, now: Fixtures.now, timeZone: Self.utc)
    let (store2, _) = try Fixtures.store()
    #expect(try store2.importTasks(again.tasks, at: Fixtures.now).tasks.map(\.title) == ["call the bank"])
  }

  @Test("iCalendar keeps a routine's RRULE both ways; a rule Stride cannot keep is said, not changed")
  func icalRepeat() throws {
    let (store, _) = try Fixtures.store()
    let draft = try Capture.draft(
      from: "water the plants every monday 9am", at: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    let plants = try store.capture(draft, at: Fixtures.now)
    var filter = try store.capture(Fixtures.draft("clean the filter"), at: Fixtures.now)
    filter = try store.apply(
      .update(filter.id, TaskPatch(recurrence: .some(Recurrence(.daily, interval: 3, afterDone: true)))),
      at: Fixtures.now)
    let text = String(
      decoding: try Exporter.data([plants, filter], format: .ical, now: Fixtures.now, timeZone: Self.utc), as: UTF8.self
    )
    #expect(text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO\r\n"))
    #expect(text.contains("RRULE:FREQ=DAILY;INTERVAL=3\r\n"))
    #expect(text.contains("X-STRIDE-REPEAT-AFTER-DONE:TRUE\r\n"))
    let back = try ImportPlan.read(Data(text.utf8), format: .ical, now: Fixtures.now, timeZone: Self.utc)
    #expect(back.tasks.map(\.recurrence) == [plants.recurrence, filter.recurrence])
    #expect(back.tasks[0].due == Fixtures.at("2026-11-23T09:00:00Z"))
    let odd =
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:standup\r\nRRULE:FREQ=MINUTELY;COUNT=3\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    let oddPlan = try ImportPlan.read(Data(odd.utf8), format: .ical, now: Fixtures.now, timeZone: Self.utc)
    #expect(oddPlan.tasks.first?.recurrence == nil)
    #expect(oddPlan.notes.contains { $0.contains("FREQ=MINUTELY;COUNT=3") && $0.contains("one-off") })
  }

  @Test("Stride's Taskwarrior export reads back with its dependencies, waits and dates")
  func taskwarriorRoundTrip() throws {
    let original = try Self.allTasks(Self.variedStore())
    let data = try Exporter.data(original, format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    let plan = try ImportPlan.read(data, format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    #expect(plan.tasks.map(\.title) == original.map(\.title))
    #expect(plan.tasks.map(\.blockedBy) == original.map(\.blockedBy))
    #expect(plan.tasks.map(\.due) == original.map(\.due))
    #expect(plan.tasks.map(\.energy) == original.map(\.energy))
    #expect(plan.tasks.map(\.estimateMinutes) == original.map(\.estimateMinutes))
    #expect(plan.tasks[1].deferral?.until == original[1].deferral?.until)
    #expect(plan.tasks[3].status == .completed)
  }

  @Test("todo.txt lines are read for completion, priority, dates, tags and fields; a line of only fields is left out")
  func todoTxtImport() throws {
    let text = """
      (A) 2026-11-20 call the bank +money @phone due:2026-11-25 energy:low est:15m
      x 2026-11-19 2026-11-10 return the library books +errands
      water the plants rec:1w t:2026-11-28

      +lonely due:2026-12-01
      """
    let utc = TimeZone(identifier: "UTC")!
    let plan = TodoTxt.plan(text, now: Fixtures.now, timeZone: utc)
    #expect(plan.tasks.map(\.title) == ["call the bank", "return the library books", "water the plants"])
    let bank = plan.tasks[0]
    #expect(bank.type == .obligation)
    #expect(bank.tags == ["money", "phone"])
    #expect(bank.due == Fixtures.at("2026-11-25T23:59:59Z"))
    #expect(bank.energy == .low && bank.estimateMinutes == 15)
    #expect(bank.createdAt == Fixtures.at("2026-11-20T00:00:00Z"))
    #expect(plan.tasks[1].status == .completed)
    #expect(plan.tasks[1].completedAt == Fixtures.at("2026-11-19T00:00:00Z"))
    #expect(plan.tasks[2].start == Fixtures.at("2026-11-28T00:00:00Z"))
    #expect(plan.skipped == [.init(entry: "line 5", reason: "it has no text besides dates, tags and fields")])
    #expect(plan.notes.count == 1)
    // Written back, the first line is what it was.
    #expect(
      TodoTxt.line(bank, timeZone: utc)
        == "(A) 2026-11-20 call the bank +money +phone due:2026-11-25 energy:low est:15m")
  }

  @Test("iCalendar export: one VTODO per task and per step, CRLF lines folded at 75 octets, text escaped")
  func icalExport() throws {
    var task = StrideTask(
      id: TaskID(7), title: "buy milk, eggs; and a very long list of other things that will not fit on one line at all",
      rawInput: "x", type: .obligation, due: Fixtures.at("2026-11-22T09:00:00Z"), tags: ["shopping"],
      createdAt: Fixtures.now)
    task.subtasks = [Subtask(title: "café", done: true, completedAt: Fixtures.now)]
    let text = ICalendar.text([task], now: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)
    let lines = text.components(separatedBy: "\r\n")
    #expect(lines.first == "BEGIN:VCALENDAR")
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(lines.contains("DUE:20261122T090000Z"))
    #expect(lines.contains("PRIORITY:1"))
    // The step is a child VTODO, the way Tasks.org and Thunderbird show subtasks; the thought is the DESCRIPTION.
    #expect(lines.contains("DESCRIPTION:x"))
    #expect(lines.contains("SUMMARY:café"))
    #expect(lines.contains("RELATED-TO;RELTYPE=PARENT:task-7@stride"))
    #expect(lines.contains("X-STRIDE-ENERGY:medium"))
    let back = try ImportPlan.read(Data(text.utf8), format: .ical, now: Fixtures.now, timeZone: Self.utc)
    #expect(back.tasks.count == 1)
    #expect(back.tasks.first?.subtasks.map(\.title) == ["café"])
    #expect(back.tasks.first?.subtasks.first?.done == true)
    #expect(back.tasks.first?.rawInput == "x")
    #expect(back.tasks.first?.type == .obligation)
    let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
    #expect(unfolded.contains("SUMMARY:buy milk\\, eggs\\; and a very long list of other things"))
    #expect(!text.contains("\n") || text.components(separatedBy: "\n").dropLast().allSatisfy { $0.hasSuffix("\r") })
  }

  @Test("an iCalendar import reads each VTODO as sync does: Stride's export comes back deferred, waiting and blocked")
  func icalReadsAsSync() throws {
    let original = try Self.allTasks(Self.variedStore())
    let text = try Exporter.data(original, format: .ical, now: Fixtures.now, timeZone: Self.utc)
    let back = try ImportPlan.read(text, format: .ical, now: Fixtures.now, timeZone: Self.utc).tasks
    #expect(back.map(\.title) == original.map(\.title))
    #expect(back.map(\.status) == original.map(\.status))
    #expect(back.map(\.deferral) == original.map(\.deferral))
    #expect(back.map(\.waitingFor) == original.map(\.waitingFor))
    #expect(back.map(\.followUp) == original.map(\.followUp))
    #expect(back.map(\.blockedBy) == original.map(\.blockedBy))
    #expect(back.map(\.subtasks) == original.map(\.subtasks))
    #expect(back.map(\.estimateMinutes) == original.map(\.estimateMinutes))
  }

  @Test("a hand-written iCalendar file: no UIDs, steps in their app's order, a cancelled parent takes its steps along")
  func icalHandWritten() throws {
    let text = [
      "BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:pack for the trip", "END:VTODO",
      "BEGIN:VTODO", "UID:p", "SUMMARY:move house", "END:VTODO",
      "BEGIN:VTODO", "UID:b", "SUMMARY:book the van", "RELATED-TO:p", "X-APPLE-SORT-ORDER:2", "END:VTODO",
      "BEGIN:VTODO", "UID:a", "SUMMARY:find boxes", "RELATED-TO:p", "X-APPLE-SORT-ORDER:1",
      "STATUS:COMPLETED", "END:VTODO",
      "BEGIN:VTODO", "UID:c", "SUMMARY:old plan", "STATUS:CANCELLED", "END:VTODO",
      "BEGIN:VTODO", "UID:d", "SUMMARY:call the old landlord", "RELATED-TO;RELTYPE=PARENT:c", "END:VTODO",
      "END:VCALENDAR",
    ].joined(separator: "\r\n")
    let plan = try ImportPlan.read(Data(text.utf8), format: .ical, now: Fixtures.now, timeZone: Self.utc)
    #expect(plan.tasks.map(\.title) == ["pack for the trip", "move house"])
    #expect(plan.tasks[1].subtasks.map(\.title) == ["find boxes", "book the van"])
    #expect(plan.tasks[1].subtasks.map(\.done) == [true, false])
    #expect(plan.tasks[1].subtasks[0].completedAt == Fixtures.now)
    #expect(
      plan.skipped == [
        .init(entry: "UID c", reason: "it was cancelled"),
        .init(entry: "1 subtask", reason: "its parent task was left out"),
      ])
  }

  @Test(
    "an import is all or nothing: a loop among its tasks stores none of them, and one undo takes a whole import back")
  func allOrNothing() throws {
    let (store, _) = try Fixtures.store()
    let a = StrideTask(id: TaskID(1), title: "a", rawInput: "a", blockedBy: [TaskID(2)], createdAt: Fixtures.now)
    let b = StrideTask(id: TaskID(2), title: "b", rawInput: "b", blockedBy: [TaskID(1)], createdAt: Fixtures.now)
    #expect(throws: StrideError.self) { try store.importTasks([a, b], at: Fixtures.now) }
    #expect(store.openCount == 0)

    var free = b
    free.blockedBy = []
    _ = try store.importTasks([a, free], at: Fixtures.now)
    #expect(store.openCount == 2)
    _ = try store.undo(at: Fixtures.now)
    #expect(store.openCount == 0)
  }

  @Test("Taskwarrior annotations in one second, or one without a date, each get a second of their own, both ways")
  func annotationsInOneSecond() throws {
    let file = #"""
      [{"uuid":"a1111111-1111-4111-8111-111111111111","description":"book the flights","entry":"20261101T100000Z",
      "status":"pending","annotations":[{"entry":"not a date","description":"ask about seats"},
      {"entry":"20261101T100000Z","description":"water the plants"}]}]
      """#
    let plan = try ImportPlan.read(Data(file.utf8), format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    let notes = try #require(plan.tasks.first).notes
    #expect(notes.map(\.text) == ["ask about seats", "water the plants"])
    #expect(notes.map(\.at) == [Fixtures.at("2026-11-01T10:00:00Z"), Fixtures.at("2026-11-01T10:00:01Z")])
    let written = try Exporter.data(plan.tasks, format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    let again = try ImportPlan.read(written, format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    #expect(again.tasks.first?.notes == notes)
  }

  @Test("annotations that share a second, dated or not, read back at the same times after an export")
  func annotationsThatShareASecond() throws {
    let file = #"""
      [{"uuid":"a1111111-1111-4111-8111-111111111111","description":"book the flights","entry":"20261101T100000Z",
      "modified":"20261120T100000Z","status":"pending","annotations":[
      {"entry":"20261105T100000Z","description":"[x] compare prices"},
      {"entry":"20261105T100000Z","description":"deferred: no-energy"},
      {"entry":"20261105T100000Z","description":"ask about seats"}]},
      {"uuid":"a2222222-2222-4222-8222-222222222222","description":"water the plants","entry":"20261101T100000Z",
      "status":"pending","annotations":[{"entry":"20261101T100000Z","description":"[ ] fill the can"},
      {"entry":"20261101T100000Z","description":"the fern first"}]},
      {"uuid":"a3333333-3333-4333-8333-333333333333","description":"pack the bags","entry":"20261101T100000Z",
      "status":"waiting","wait":"20261201T080000Z","annotations":[{"entry":"unreadable","description":"the blue one"}]}]
      """#
    let plan = try ImportPlan.read(Data(file.utf8), format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    let flights = try #require(plan.tasks.first)
    #expect(flights.subtasks.first?.completedAt == Fixtures.at("2026-11-05T10:00:00Z"))
    #expect(flights.deferral?.at == Fixtures.at("2026-11-05T10:00:01Z"))
    #expect(flights.notes.map(\.at) == [Fixtures.at("2026-11-05T10:00:02Z")])
    let written = try Exporter.data(plan.tasks, format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    let again = try ImportPlan.read(written, format: .taskwarrior, now: Fixtures.now, timeZone: Self.utc)
    for (before, after) in zip(plan.tasks, again.tasks) {
      var same = before
      same.rawInput = after.rawInput
      #expect(same == after, "\(before.title) reads back changed")
    }
  }
}
