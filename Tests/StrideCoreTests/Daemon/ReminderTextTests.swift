import Foundation
import StrideTestSupport
import Testing

@testable import StrideBase
@testable import StrideCore
@testable import StrideModel
@testable import StrideProtocol

/// What reminders say, when the quiet hours are, and how the settings turn them on: pure, without a bus.
@Suite("Reminders: words, quiet hours and settings")
struct ReminderTextTests {
  static let utc = TimeZone(identifier: "UTC")!

  static func task(_ title: String, deferredAs reason: DeferReason? = nil, waitingFor: String? = nil) -> StrideTask {
    var task = Fixtures.task(1, title)
    if let reason {
      task.deferrals = [Deferral(reason: reason, at: Fixtures.now, until: Fixtures.at("2026-11-21T10:00:00Z"))]
    }
    task.waitingFor = waitingFor
    return task
  }

  static func wakeUp(_ kind: WakeUp.Kind, _ at: String = "2026-11-21T10:00:00Z") -> WakeUp {
    WakeUp(task: TaskID(1), kind: kind, at: Fixtures.at(at))
  }

  @Test(
    "one task: its title, and why in a calm sentence",
    arguments: [
      ([WakeUp.Kind.deferral], DeferReason.noEnergy, nil, "Its deferral ended; you put it off as no-energy."),
      ([.due], nil, nil, "It is due now."),
      ([.followUp], nil, "the plumber's quote", "It is time to check on it; you are waiting for the plumber's quote."),
      ([.start], nil, nil, "It can start now."),
      ([.routine], nil, nil, "Its next time came, so it moved on."),
      ([.deferral, .due], .wrongTime, nil, "Its deferral ended and it is due now; you put it off as wrong-time."),
    ] as [([WakeUp.Kind], DeferReason?, String?, String)])
  func woke(_ kinds: [WakeUp.Kind], _ reason: DeferReason?, _ waiting: String?, _ body: String) {
    let text = ReminderText.woke(
      Self.task("call the bank", deferredAs: reason, waitingFor: waiting), kinds.map { Self.wakeUp($0) },
      at: Fixtures.at("2026-11-21T10:00:00Z"), timeZone: Self.utc)
    #expect(text == ReminderText(summary: "call the bank", body: body))
    #expect(!text.body.contains("!"))
  }

  @Test("a reminder that comes late (strided was not running) says when it was")
  func late() {
    let now = Fixtures.at("2026-11-22T08:30:00Z")
    let due = ReminderText.woke(Self.task("pay rent"), [Self.wakeUp(.due)], at: now, timeZone: Self.utc)
    #expect(due.body == "It came due yesterday at 10:00.")
    let back = ReminderText.woke(
      Self.task("pay rent", deferredAs: .noEnergy), [Self.wakeUp(.deferral)], at: now, timeZone: Self.utc)
    #expect(back.body == "Its deferral ended; you put it off as no-energy. That was yesterday at 10:00.")
  }

  @Test("several in one: counted by what happened, at most three titles, long ones shortened")
  func together() {
    let long = String(repeating: "a very long title ", count: 4)
    let came: [(task: StrideTask, kinds: [WakeUp.Kind])] = [
      (Self.task("call mum"), [.deferral]), (Self.task(long), [.due]), (Self.task("book"), [.followUp]),
      (Self.task("run"), [.start, .deferral]), (Self.task("yoga"), [.routine]),
    ]
    let text = ReminderText.together(came, heading: "While it was quiet")
    #expect(text.summary == "While it was quiet")
    #expect(
      text.body
        == "2 tasks came back, 1 came due, 1 came up for a follow-up and 1 moved on to its next time: call mum, "
        + "a very long title a very long title a v…, book and 2 more.")
    #expect(
      ReminderText.together([(Self.task("pay rent"), [.due])], heading: "While it was quiet").body
        == "1 task came due: pay rent.")
  }

  @Test("quiet hours: across midnight or within a day, to the minute, and when they end")
  func quietHours() throws {
    let calendar = LocalCalendar(timeZone: Self.utc)
    let night = try #require(QuietHours(written: "22:00-08:00"))
    #expect(night.written == "22:00-08:00")
    #expect(night.contains(Fixtures.at("2026-11-21T23:59:00Z"), in: calendar))
    #expect(night.contains(Fixtures.at("2026-11-21T07:59:59Z"), in: calendar))
    #expect(!night.contains(Fixtures.at("2026-11-21T08:00:00Z"), in: calendar))
    #expect(!night.contains(Fixtures.at("2026-11-21T21:59:00Z"), in: calendar))
    #expect(night.end(after: Fixtures.at("2026-11-21T23:00:00Z"), in: calendar) == Fixtures.at("2026-11-22T08:00:00Z"))
    #expect(night.end(after: Fixtures.at("2026-11-22T03:00:00Z"), in: calendar) == Fixtures.at("2026-11-22T08:00:00Z"))
    #expect(night.end(after: Fixtures.at("2026-11-22T09:00:00Z"), in: calendar) == nil)
    let lunch = try #require(QuietHours(written: "13 - 14:30"))
    #expect(lunch.contains(Fixtures.at("2026-11-21T14:00:00Z"), in: calendar))
    #expect(!lunch.contains(Fixtures.at("2026-11-21T15:00:00Z"), in: calendar))
    for bad in ["22:00", "22:00-22:00", "10pm-8am", "25:00-08:00", "22:00-08:00-09:00", ""] {
      #expect(QuietHours(written: bad) == nil, "\(bad)")
    }
  }

  @Test("config.json: reminders are off unless turned on; a bad value says what is valid, in one line")
  func settings() throws {
    let directory = Fixtures.temporaryDirectory()
    #expect(try StrideConfig.load(path: directory + "/none.json").reminders == .init())
    func load(_ json: String) throws -> StrideConfig {
      try json.write(toFile: directory + "/config.json", atomically: true, encoding: .utf8)
      return try StrideConfig.load(path: directory + "/config.json")
    }
    let on = try load(#"{"reminders": {"on": true, "quiet": "22:00-08:00"}}"#)
    #expect(on.reminders == .init(on: true, quiet: QuietHours(written: "22:00-08:00")))
    #expect(try load(#"{"reminders": {"on": true, "quiet": null}}"#).reminders == .init(on: true))
    let bad = [
      (#"{"reminders": {"on": "yes"}}"#, "reminders.on must be true or false"),
      (
        #"{"reminders": {"quiet": "10pm to 8am"}}"#,
        #"reminders.quiet '10pm to 8am' is not a span of the day; write it like "22:00-08:00""#
      ),
      (#"{"reminders": {"quiet": 22}}"#, "reminders.quiet is not a span of the day"),
      (#"{"reminders": true}"#, #"reminders must be an object, like {"on": true, "quiet": "22:00-08:00"}"#),
    ]
    for (json, message) in bad {
      let error = try #require(throws: StrideError.self, "\(json)") { try load(json) }
      #expect(error.message.contains(message), "\(error.message)")
      #expect(error.message.hasSuffix("; fix or move the file"))
      #expect(!error.message.contains("\n"))
    }
    // One rule for a key that is no setting, at every level: ignored, and named with the nearest setting.
    let typos = try load(
      #"{"reminders": {"on": true, "quite": "22-8"}, "remindrs": {"on": true}, "context": {"energyLapsHours": 2},"#
        + #" "time": {"daystart": "07:00"}, "engine": {"weights": {"deadlin": 3}}, "colour": "blue"}"#)
    #expect(typos.reminders == .init(on: true))
    #expect(
      typos.unknown == [
        "Your settings file has no setting 'colour', so it is ignored; stride-config(5) lists every setting.",
        "Your settings file has no setting 'context.energyLapsHours', so it is ignored; did you mean 'context.energyLapseHours'?",
        "Your settings file has no setting 'engine.weights.deadlin', so it is ignored; did you mean 'engine.weights.deadline'?",
        "Your settings file has no setting 'reminders.quite', so it is ignored; did you mean 'reminders.quiet'?",
        "Your settings file has no setting 'remindrs', so it is ignored; did you mean 'reminders'?",
        "Your settings file has no setting 'time.daystart', so it is ignored; did you mean 'time.dayStart'?",
      ])
    #expect(try load(#"{"reminders": {"on": true}}"#).unknown.isEmpty)
  }
}
