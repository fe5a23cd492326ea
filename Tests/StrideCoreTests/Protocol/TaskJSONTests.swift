import Foundation
import Testing

@testable import StrideBase
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol

/// A task written by hand (`StrideTask.json`) is what its Codable `encode(to:)` writes, byte for byte: in a reply,
/// with and without its times in words, nested in a result, and in a history row as Foundation's encoder wrote it.
@Suite("A task written by hand")
struct TaskJSONTests {
  static let at = Date(timeIntervalSince1970: 1_795_600_000)

  /// Tasks that between them set, clear and leave out every field.
  static var tasks: [StrideTask] {
    let hour: TimeInterval = 3600
    var plain = StrideTask(id: TaskID(1), title: "write the report", rawInput: "write the report", createdAt: at)
    plain.list = nil
    var full = StrideTask(
      id: TaskID(42), title: "fix the \"leaking\" tap / sink\n\u{1B}é", rawInput: "fix the tap ~45m !high #home",
      energy: .high, estimateMinutes: 45, status: .deferred, type: .obligation,
      subtasks: [
        Subtask(title: "buy washer", done: true, completedAt: at + hour), Subtask(title: "turn off water"),
      ],
      blockedBy: [TaskID(7), TaskID(9)], due: at + 30 * hour, start: at + 2 * hour, tags: ["home", "Ω \\ tag"],
      deferral: Deferral(reason: .noEnergy, at: at + hour, until: at + 5 * hour, energy: .low),
      deferrals: [
        Deferral(reason: .wrongTime, at: at, until: nil),
        Deferral(reason: .noEnergy, at: at + hour, until: at + 5 * hour),
      ],
      waitingFor: "Sam", followUp: at + 48 * hour, createdAt: at - 86_400, updatedAt: at + hour,
      completedAt: at + 3 * hour, recurrence: Recurrence(rrule: "FREQ=WEEKLY;BYDAY=MO"), pinned: true, missed: 2,
      notes: [Note(at: at, text: "the plumber said thursday"), Note(at: at + hour, text: "")], list: "home")
    full.said = nil
    var said = plain
    said.said = TaskSaid(
      due: nil, start: nil, followUp: "tomorrow", created: "today at 09:00", done: nil, backOn: nil,
      deferral: "it comes back tonight", missed: nil, notes: ["today"])
    let waiting = StrideTask(
      id: TaskID(3), title: "hear from the bank", rawInput: "x", status: .waiting, waitingFor: "the bank",
      createdAt: at, recurrence: Recurrence(rrule: "FREQ=DAILY", afterDone: true))
    return [plain, full, said, waiting]
  }

  static func written(_ value: some Encodable, _ userInfo: [CodingUserInfoKey: Any]) throws -> String {
    String(decoding: try JSONValueEncoder.bytes(value, userInfo: userInfo), as: UTF8.self)
  }

  @Test("by hand and through Codable, a task writes the same bytes, with and without a speaker")
  func sameBytes() throws {
    let speaker = Speaker(
      now: Self.at, timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), settings: EngineSettings())
    for userInfo: [CodingUserInfoKey: Any] in [[:], [.speaker: speaker]] {
      for task in Self.tasks {
        var codable = userInfo
        codable[.throughCodable] = true
        let byHand = try Self.written(task, userInfo)
        #expect(byHand == (try Self.written(task, codable)))
        // The writer itself, not only the encoder's way to it.
        #expect(String(decoding: JSONWriter.write(task.json(userInfo: userInfo)), as: UTF8.self) == byHand)
        #expect(byHand.contains("\"said\":") == (userInfo[.speaker] != nil || task.said != nil))
      }
      var codable = userInfo
      codable[.throughCodable] = true
      for nested in [TaskCapture.Result(task: Self.tasks[1], draft: nil)] + Self.drafts {
        let byHand = try Self.written(nested, userInfo)
        #expect(byHand == (try Self.written(nested, codable)))
        #expect(String(decoding: JSONWriter.write(nested.json(userInfo: userInfo)), as: UTF8.self) == byHand)
      }
    }
  }

  /// Captures' replies with drafts that between them set, clear and leave out every field.
  static var drafts: [TaskCapture.Result] {
    let hour: TimeInterval = 3600
    let plain = TaskDraft(title: "buy milk", rawInput: "buy milk")
    var full = TaskDraft(
      title: "fix the \"tap\"", rawInput: "fix the \"tap\" every monday 9am ~45m !high #home list:home",
      steps: ["buy washer", "turn off water"], energy: .high, estimateMinutes: 45, type: .obligation,
      due: at + 30 * hour, start: at + 2 * hour, tags: ["home"], recurrence: Recurrence(rrule: "FREQ=WEEKLY;BYDAY=MO"),
      spans: [
        CaptureSpan(field: .estimate, text: "~45m", start: 36, end: 40),
        CaptureSpan(field: .energy, text: "!high", start: 41, end: 46),
      ], list: "home")
    full.said = DraftSaid(due: "Friday at 18:00", start: nil, readAs: "Read as: due Friday at 18:00.", passed: nil)
    return [
      TaskCapture.Result(task: nil, draft: plain),
      TaskCapture.Result(task: tasks[0], draft: full, duplicateOf: TaskID(7)),
      TaskCapture.Result(task: tasks[2], draft: plain, duplicateOf: nil),
    ]
  }

  @Test("the next moment a task's standing changes by the clock: its nearest due time or wake-up still ahead")
  func nextMoment() {
    let hour: TimeInterval = 3600
    let due = StrideTask(id: TaskID(1), title: "a", rawInput: "a", due: Self.at + 5 * hour, createdAt: Self.at)
    let deferred = StrideTask(
      id: TaskID(2), title: "b", rawInput: "b", status: .deferred,
      deferral: Deferral(reason: .wrongTime, at: Self.at, until: Self.at + 2 * hour), createdAt: Self.at)
    let past = StrideTask(id: TaskID(3), title: "c", rawInput: "c", due: Self.at - hour, createdAt: Self.at - 2 * hour)
    #expect([due, deferred, past].nextMoment(after: Self.at) == Self.at + 2 * hour)
    #expect([due, past].nextMoment(after: Self.at) == Self.at + 5 * hour)
    #expect([due, deferred].nextMoment(after: Self.at + 3 * hour) == Self.at + 5 * hour)
    #expect([past].nextMoment(after: Self.at) == nil)
    #expect([StrideTask]().nextMoment(after: Self.at) == nil)
    // A start time and a follow-up are moments too; a task with no time of its own has none.
    let starts = StrideTask(id: TaskID(4), title: "d", rawInput: "d", start: Self.at + hour, createdAt: Self.at)
    let waiting = StrideTask(
      id: TaskID(5), title: "e", rawInput: "e", status: .waiting, waitingFor: "Sam", followUp: Self.at + 3 * hour,
      createdAt: Self.at)
    let plain = StrideTask(id: TaskID(6), title: "f", rawInput: "f", createdAt: Self.at)
    #expect([due, starts, plain].nextMoment(after: Self.at) == Self.at + hour)
    #expect([due, waiting, plain].nextMoment(after: Self.at) == Self.at + 3 * hour)
    #expect([plain].nextMoment(after: Self.at) == nil)
  }

  @Test("a history row keeps the JSON Foundation's encoder wrote, and reads back the same task")
  func historyRows() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let tasks = Self.tasks.filter { $0.said == nil }
    let byHand = JSONWriter.write(.array(tasks.map { $0.json(userInfo: [:]) }))
    #expect(String(decoding: byHand, as: UTF8.self) == String(decoding: try encoder.encode(tasks), as: UTF8.self))
    #expect(try JSONDecoder().decode([StrideTask].self, from: Data(byHand)) == tasks)
  }
}
