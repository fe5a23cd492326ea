import Foundation
import StrideTestSupport
import StrideWire
import Testing

@testable import StrideBase
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol

/// A task has one shape on the wire (`Wire.Task`), read and written by hand: what is written is read back the same,
/// every field is written, Codable goes the same way, and the seam from the model and back loses nothing; a
/// capture's draft too.
@Suite("A task's one shape on the wire")
struct WireTaskTests {
  static let at = Date(timeIntervalSince1970: 1_795_600_000)

  /// Tasks that between them set, clear and leave out every field.
  static var tasks: [StrideTask] {
    let hour: TimeInterval = 3600
    var plain = StrideTask(id: TaskID(1), title: "write the report", rawInput: "write the report", createdAt: at)
    plain.list = nil
    let full = StrideTask(
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
      notes: [Note(at: at, text: "the plumber said thursday"), Note(at: at + hour, text: "")], list: "home",
      spentSeconds: 1_530,
      focusSessions: [
        FocusSession(
          step: 2, startedAt: at, boxSeconds: 300, timeboxSeconds: 600,
          pauses: [FocusSession.Pause(from: at + 60, to: at + 120)], uncountedSeconds: 30, endedAt: at + 900,
          ending: .finished),
        FocusSession(startedAt: at + hour, boxSeconds: 1_500, pauses: [FocusSession.Pause(from: at + hour + 60)]),
      ])
    let waiting = StrideTask(
      id: TaskID(3), title: "hear from the bank", rawInput: "x", status: .waiting, waitingFor: "the bank",
      createdAt: at, recurrence: Recurrence(rrule: "FREQ=DAILY", afterDone: true))
    return [plain, full, waiting]
  }

  static let speaker = Speaker(
    now: at, timeZone: TimeZone(identifier: "Europe/Berlin")!, settings: EngineSettings())

  /// The names of a value's stored properties.
  static func fieldNames(_ value: some Any) -> Set<String> {
    Set(Mirror(reflecting: value).children.compactMap(\.label))
  }

  @Test("a task is read back as it was written, by hand and through Codable, with and without a speaker")
  func roundTrip() throws {
    for speaker in [nil, Self.speaker] {
      for task in Self.tasks {
        let wire = Wire.Task(task, saying: speaker)
        #expect(try Wire.Task(json: wire.json) == wire)
        #expect(try JSONValueEncoder.encode(wire) == wire.json)
        #expect(try JSONValueDecoder.decode(Wire.Task.self, from: wire.json) == wire)
        // The task comes back whole; its words are the connection's, not the task's.
        var unsaid = wire
        unsaid.said = nil
        #expect(Wire.Task(try StrideTask(wire)) == unsaid)
        #expect(try StrideTask(wire) == task)
        #expect((wire.said != nil) == (speaker != nil))
      }
    }
  }

  @Test("every field of a task and of a draft is written: a field the writer forgets fails here")
  func everyField() throws {
    let full = Wire.Task(Self.tasks[1], saying: Self.speaker)
    guard case .object(let fields) = full.json else { throw StrideError.invalid("a task is not an object") }
    #expect(Set(fields.keys) == Self.fieldNames(full))
    let draft = try #require(Self.drafts[1].draft)
    guard case .object(let draftFields) = draft.json else { throw StrideError.invalid("a draft is not an object") }
    #expect(Set(draftFields.keys) == Self.fieldNames(draft))
    for reply in Self.drafts {
      #expect(try Wire.CaptureResult(json: reply.json) == reply)
      #expect(try JSONValueEncoder.encode(reply) == reply.json)
    }
  }

  /// Captures' replies with drafts that between them set, clear and leave out every field.
  static var drafts: [Wire.CaptureResult] {
    let hour: TimeInterval = 3600
    let plain = TaskDraft(title: "buy milk", rawInput: "buy milk")
    let full = TaskDraft(
      title: "fix the \"tap\"", rawInput: "fix the \"tap\" every monday 9am ~45m !high #home list:home",
      steps: ["buy washer", "turn off water"], energy: .high, estimateMinutes: 45, type: .obligation,
      due: at + 30 * hour, start: at + 2 * hour, tags: ["home"], recurrence: Recurrence(rrule: "FREQ=WEEKLY;BYDAY=MO"),
      spans: [
        CaptureSpan(field: .estimate, text: "~45m", start: 36, end: 40),
        CaptureSpan(field: .energy, text: "!high", start: 41, end: 46),
      ], list: "home")
    return [
      Wire.CaptureResult(task: nil, draft: Wire.Draft(plain)),
      Wire.CaptureResult(
        task: Wire.Task(tasks[0]), draft: Wire.Draft(full, saying: speaker), duplicateOf: TaskID(7),
        missingList: "garden"),
      Wire.CaptureResult(task: Wire.Task(tasks[2], saying: speaker), draft: Wire.Draft(plain), duplicateOf: nil),
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

  @Test("a history row keeps a task's one shape, and reads back the same task")
  func historyRows() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let tasks = Self.tasks
    let written = JSONWriter.write(.array(tasks.map { Wire.Task($0).json }))
    // The rows written before this shape had a name are the same bytes: Foundation's encoder wrote them.
    #expect(
      String(decoding: written, as: UTF8.self)
        == String(decoding: try encoder.encode(tasks.map { Wire.Task($0) }), as: UTF8.self))
    #expect(try [Wire.Task](json: JSONReader.parse(written)).map { try StrideTask($0) } == tasks)
  }
}

/// A model task and its notes through `Wire.Task` and back, every key there.
@Suite("Model tasks on the wire")
struct ModelTaskWireTests {
  let now = Fixtures.now

  @Test("a task's notes are on the wire, oldest first, with their times")
  func wire() throws {
    var task = StrideTask(id: TaskID(3), title: "t", rawInput: "t", createdAt: Fixtures.now)
    _ = try task.addNote("line one\nline two", at: Fixtures.now)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(Wire.Task(task))
    #expect(
      String(decoding: data, as: UTF8.self).contains(
        #""notes":[{"at":"2026-11-21T09:00:00Z","text":"line one\nline two"}]"#))
    #expect(try StrideTask(try JSONDecoder().decode(Wire.Task.self, from: data)) == task)
  }

  @Test("task JSON round-trips with every wire key present")
  func wireRoundTrip() throws {
    var task = Fixtures.task(7, steps: [Subtask(title: "one")], blockedBy: [TaskID(3)])
    try task.deferTask(.noEnergy, until: Fixtures.at("2026-11-22T10:00:00Z"), at: now)
    let data = try WireEncoder().encode(Wire.Task(task))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for key in [
      "id", "title", "rawInput", "energy", "estimateMinutes", "status", "type", "subtasks", "progress", "blockedBy",
      "due", "tags", "deferral", "deferCount", "waitingFor", "createdAt", "updatedAt", "completedAt",
    ] {
      #expect(object.keys.contains(key), "missing \(key)")
    }
    #expect(try StrideTask(try JSONDecoder().decode(Wire.Task.self, from: data)) == task)
  }
}
