import Foundation
import Testing

@testable import StrideBase
@testable import StrideClientKit
@testable import StrideCore
@testable import StrideJSON
@testable import StrideModel
@testable import StrideProtocol
@testable import StrideWire

/// The client reads replies in StrideWire's types, the daemon writes them from its own: every reply and event in
/// Docs/protocol.md (the golden examples, which the daemon's own types are checked against) must decode with the
/// client's, and a task must read the same through both.
@Suite("The client's wire types")
struct WireParityTests {
  /// Every method a client calls, as it calls it.
  static var clientMethods: [any WireMethod.Type] {
    [
      ClientContext.self, ServerInfo.self, ContextGet.self, ContextSet.self, TimeParse.self, HistoryLog.self,
      HistoryReview.self, TaskExport.self, SyncSetup.self, SyncRun.self, SyncStatus.self, ListsGet.self, ListsAdd.self,
      ListsDefault.self, ListsRemove.self, ListsRename.self, Wire.TaskCapture.self, Wire.TaskGet.self,
      Wire.TaskUpdate.self, Wire.TaskSkip.self, Wire.TaskPin.self, Wire.TaskComplete.self, Wire.TaskReopen.self,
      Wire.TaskDelete.self, Wire.TaskDefer.self, Wire.TaskWait.self, Wire.TaskResume.self, Wire.TaskBlock.self,
      Wire.TaskUnblock.self, Wire.SubtaskAdd.self, Wire.SubtaskComplete.self, Wire.SubtaskReopen.self,
      Wire.NoteAdd.self, Wire.NoteRemove.self, Wire.TaskMove.self, Wire.TaskList.self, Wire.TaskFind.self,
      Wire.TaskImport.self, Wire.NowList.self, NowPrompt.self, Wire.TaskExplain.self, Wire.HistoryUndo.self,
      Wire.EventsSubscribe.self,
    ]
  }

  /// Decodes a result with the client's type, and reads it as the client does (by hand for the replies it reads
  /// most): the same values either way.
  static func decodes<M: WireMethod>(_ method: M.Type, _ result: JSONValue, _ place: String) throws {
    let codable = try JSONValueDecoder.decode(M.Result.self, from: result)
    guard M.Result.self is any JSONReadable.Type else { return }
    #expect(dumped(try M.readResult(result)) == dumped(codable), "\(place): \(M.name)")
  }

  /// Every field of a value, classes' too, as text.
  static func dumped(_ value: some Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
  }

  @Test("every method a client calls is one the daemon answers, named once")
  func names() {
    let names = Self.clientMethods.map { $0.name }
    #expect(Set(names).count == names.count)
    #expect(
      Set(names).isSubset(of: Method.allCases.map(\.rawValue)),
      "\(Set(names).subtracting(Method.allCases.map(\.rawValue)))")
  }

  @Test("every reply and event in Docs/protocol.md decodes with the client's types, and a task reads the same")
  func docsExamples() throws {
    let lines = try String(contentsOfFile: GoldenProtocolTests.path, encoding: .utf8).components(separatedBy: "\n")
    let byName = Dictionary(uniqueKeysWithValues: Self.clientMethods.map { ($0.name, $0) })
    var asked: [String: String] = [:]
    var inParts: Set<String> = []
    var results = 0
    var events = 0
    var tasks = 0
    for (index, line) in lines.enumerated() where line.hasPrefix("→ ") || line.hasPrefix("← ") {
      // A request the docs show as broken on purpose is no reply to check.
      guard let message = try? JSONReader.parse(Array(line.dropFirst(2).utf8)) else { continue }
      if line.hasPrefix("→ ") {
        if let id = message["id"], case .string(let method)? = message["method"] {
          asked["\(id)"] = method
          if let params = message["params"], ReplyParts.asked(in: params) { inParts.insert("\(id)") }
        }
        continue
      }
      let place = "line \(index + 1) of Docs/protocol.md"
      let envelope = try JSONValueDecoder.decode(IncomingMessage.self, from: message)
      #expect(Self.dumped(try IncomingMessage(json: message)) == Self.dumped(envelope), "\(place)")
      if let result = message["result"], let id = message["id"], inParts.contains("\(id)") {
        // A reply in parts ends with its summary; its parts are the method's results.
        #expect(try ReplyParts.Summary(json: result) == JSONValueDecoder.decode(ReplyParts.Summary.self, from: result))
      } else if message["method"] == .string(ReplyParts.method), let params = message["params"],
        let id = params["id"], let result = params["result"], let name = asked["\(id)"], let method = byName[name]
      {
        #expect(throws: Never.self, "\(place)") { try Self.decodes(method, result, place) }
        tasks += try Self.sameTasks(in: result, place)
      } else if let result = message["result"], let id = message["id"], let name = asked["\(id)"],
        let method = byName[name]
      {
        #expect(throws: Never.self, "\(place)") { try Self.decodes(method, result, place) }
        results += 1
        tasks += try Self.sameTasks(in: result, place)
      } else if message["method"] == .string(ServerHello.method), let params = message["params"] {
        let hello = try ServerHello(json: params)
        #expect(hello == (try JSONValueDecoder.decode(ServerHello.self, from: params)), "\(place)")
        #expect(hello.protocol == protocolVersion && hello.limits.maxLineBytes == 1_048_576, "\(place)")
      } else if case .string(let topic)? = message["method"], EventTopic(rawValue: topic) != nil,
        let params = message["params"]
      {
        let event = try JSONValueDecoder.decode(Wire.Event.self, from: params)
        #expect(event.topic.rawValue == topic, "\(place)")
        events += 1
        tasks += try Self.sameTasks(in: params, place)
      }
    }
    #expect(results > 60)
    #expect(events > 5)
    #expect(tasks > 20)
  }

  /// Every task anywhere in `json` (a result's, a suggestion's, a list's, an event's), compared; how many.
  static func sameTasks(in json: JSONValue, _ place: String) throws -> Int {
    switch json {
    case .object(let fields) where fields["rawInput"] != nil && fields["subtasks"] != nil:
      try sameTask(json, place)
      return 1
    case .object(let fields): return try fields.values.reduce(0) { $0 + (try sameTasks(in: $1, place)) }
    case .array(let elements): return try elements.reduce(0) { $0 + (try sameTasks(in: $1, place)) }
    default: return 0
    }
  }

  @Test("the params written by hand are the bytes Codable writes, each field set or left out")
  func handWrittenParams() throws {
    let at = try #require(Timestamp(rfc3339: "2026-12-01T09:00:00Z"))
    func same<M: WireMethod>(_ method: M.Type, _ params: M.Params, _ id: RequestID = .number(7)) throws {
      let codable = try WireLines.request(id: id, method: M.name, params: params)
      #expect(
        String(decoding: try M.requestLine(id: id, params: params), as: UTF8.self)
          == String(decoding: codable, as: UTF8.self))
    }
    try same(ClientContext.self, .init())
    try same(ClientContext.self, .init(timeZone: "Europe/Berlin", dateOrder: .dayFirst, said: true), .string("ctx"))
    try same(Wire.NowList.self, .init())
    try same(
      Wire.NowList.self,
      .init(
        at: at, energy: .low, minutes: 25, limit: 3, tags: ["home", "a/b \"q\""], all: true, timeZone: "UTC",
        list: "garden", terms: false, eventTitles: false))
    try same(Wire.TaskCapture.self, .init(text: "call mum ~10m\n- find number"))
    try same(Wire.TaskCapture.self, .init(text: "x", dryRun: true, dateOrder: .monthFirst, timeZone: "Asia/Tokyo"))
    try same(Wire.TaskComplete.self, TaskRef(id: TaskID(12)))
  }

  @Test("an edit as the client writes it is the edit the daemon reads: each field set, cleared or left alone")
  func updateParams() throws {
    let start = try #require(Timestamp(rfc3339: "2026-12-01T09:00:00Z"))
    var edit = Wire.TaskUpdate.Params(id: TaskID(7))
    edit.title = "call the bank"
    edit.energy = EnergyLevel.low
    edit.type = TaskType.obligation
    edit.tags = ["home", "phone"]
    edit.estimateMinutes = Int??.some(25)
    edit.due = Timestamp??.some(nil)
    edit.start = Timestamp??.some(start)
    edit.repeatWords = String??.some("every monday 9am")
    let read = try Self.daemonReads(edit)
    let patch = TaskPatch(read)
    #expect(read.id == TaskID(7) && patch.title == "call the bank" && patch.energy == EnergyLevel.low)
    #expect(patch.type == TaskType.obligation && patch.tags == ["home", "phone"])
    #expect(patch.estimateMinutes == Int??.some(25) && patch.due == Date??.some(nil))
    #expect(patch.start == Date??.some(start.date) && read.repeatWords == String??.some("every monday 9am"))
    let nothing = Wire.TaskUpdate.Params(id: TaskID(7))
    let untouched = try Self.daemonReads(nothing)
    #expect(nothing.isEmpty && TaskPatch(untouched).isEmpty && untouched.repeatWords == nil)
    var stop = Wire.TaskUpdate.Params(id: TaskID(7))
    stop.repeatWords = String??.some(nil)
    stop.estimateMinutes = Int??.some(nil)
    let stopped = try Self.daemonReads(stop)
    #expect(stopped.repeatWords == String??.some(nil) && TaskPatch(stopped).estimateMinutes == Int??.some(nil))
  }

  static func daemonReads(_ params: Wire.TaskUpdate.Params) throws -> Wire.TaskUpdate.Params {
    try JSONValueDecoder.decode(Wire.TaskUpdate.Params.self, from: JSONValueEncoder.encode(params))
  }

  /// A task read is written back as the same JSON, and through the model and back as the same task: no field is
  /// lost by the reader, the writer or the seam.
  static func sameTask(_ json: JSONValue, _ place: String) throws {
    let wire = try Wire.Task(json: json)
    #expect(wire.json == json, "\(place)")
    var unsaid = wire
    unsaid.said = nil
    #expect(Wire.Task(try StrideTask(wire)) == unsaid, "\(place)")
  }
}
