import StrideBase
import StrideJSON

/// Replies in parts (Docs/protocol.md, "Replies in parts"): a client that puts `"parts": true` in a request's params
/// gets a long reply as `reply.part` notifications, each a bounded page of the result for that request's id, and then
/// the response, a short summary. A client that does not ask gets the whole result in one response, as before.
public enum ReplyParts {
  /// The notification that carries one part.
  public static let method = "reply.part"
  /// The param a request asks for parts with (`true`).
  public static let param = "parts"

  /// The params of one `reply.part` notification: the request it answers, its number (from 1, in order) and its
  /// rows, shaped as the method's whole result is.
  public struct Part<Result: Encodable>: Encodable {
    public var id: RequestID
    public var part: Int
    public var result: Result

    public init(id: RequestID, part: Int, result: Result) {
      self.id = id
      self.part = part
      self.result = result
    }
  }

  /// The response that ends a reply in parts: how many parts and rows were sent.
  public struct Summary: Codable, Sendable, Equatable, JSONReadable {
    public var parts: Int
    public var rows: Int

    public init(parts: Int, rows: Int) {
      self.parts = parts
      self.rows = rows
    }

    public init(json: JSONValue) throws(JSONUnreadable) {
      let field = try JSONFields(json, "the end of a reply in parts")
      self.init(parts: try field("parts"), rows: try field("rows"))
    }
  }

  /// Whether a request's params ask for parts.
  public static func asked(in params: JSONValue) -> Bool {
    guard case .object(let fields) = params else { return false }
    return fields[param] == .bool(true)
  }
}

extension Wire.TaskListResult: JSONReadable {
  /// Read by hand: a listing in parts reads tens of thousands of tasks, a part at a time.
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a list of tasks")
    self.init(
      tasks: try field("tasks"), found: try field.decoded("found"), statuses: try field.optional("statuses"),
      columns: try field.decoded("columns"))
  }
}

extension ReplyParts {
  /// The result of a `reply.part` line for request `id`, as the bytes the daemon wrote, read without a tree: a long
  /// listing's parts are most of what a client reads. Nil for any other line (a response, another notification, a
  /// part for another request), and for a part whose members come in an order other than their keys' (`method`
  /// after `params`), which the message's tree then reads.
  public static func result(in line: [UInt8], for id: RequestID) throws(JSONUnreadable) -> [UInt8]? {
    if let result = resultAsWritten(in: line, for: id) { return result }
    return try JSONPull.read(line) { pull throws(JSONUnreadable) -> [UInt8]? in
      var (isPart, isAnswer, answers, result): (Bool?, Bool, Bool, [UInt8]?) = (nil, false, false, nil)
      try pull.members("a message") { pull, key throws(JSONUnreadable) in
        switch key {
        case "method": isPart = try pull.string() == method
        case "id":
          isAnswer = true
          try pull.skip()
        case "params" where isPart == true:
          try pull.members("a part's params") { pull, key throws(JSONUnreadable) in
            switch key {
            case "id": answers = try pull.value() == id.json
            case "result": result = try pull.skipped()
            default: try pull.skip()
            }
          }
        default: try pull.skip()
        }
      }
      return isPart == true && !isAnswer && answers ? result : nil
    }
  }

  /// The result of a part for request `id` whose envelope is as the daemon writes it (`WireLines.notification(method:
  /// writing:)`: its keys in order, no spaces), found by the envelope's bytes alone, without reading the result
  /// twice: whoever reads the part reads the result, and refuses it if it is not one JSON value. Nil for any other
  /// line, which is then read member by member.
  private static func resultAsWritten(in line: [UInt8], for id: RequestID) -> [UInt8]? {
    let head = Array(#"{"jsonrpc":"2.0","method":"reply.part","params":{"id":"#.utf8) + JSONWriter.write(id.json)
    let marker = Array(#","part":"#.utf8)
    guard line.starts(with: head), line[head.count...].starts(with: marker) else { return nil }
    var index = head.count + marker.count
    let digits = index
    while index < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]) { index += 1 }
    let before = Array(#","result":"#.utf8)
    let end = line.count - (line.last == 0x0A ? 1 : 0) - 2
    guard index > digits, line[index...].starts(with: before), index + before.count < end,
      line[end...].starts(with: Array("}}".utf8))
    else { return nil }
    return Array(line[(index + before.count)..<end])
  }
}
