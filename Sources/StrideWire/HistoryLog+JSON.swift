import StrideBase
import StrideJSON

// The log's entries written by hand (`JSONEncodableByHand`): `log --all` writes a million of them, and through
// Codable's containers their writing cost as much as reading them from the history. `WireParityTests` holds these
// to what Codable writes.
extension HistoryLog.Entry: JSONWritable, JSONEncodableByHand {
  public var json: JSONValue {
    .fields([
      "seq": .integer(seq), "at": at.json, "action": .string(action.rawValue), "id": id?.json,
      "words": .string(words), "undone": .bool(undone), "fromSync": .bool(fromSync), "said": said?.json,
    ])
  }
}

extension HistoryLog.Entry.Said: JSONWritable {
  public var json: JSONValue { .object(["at": .string(at), "day": .string(day), "clock": .string(clock)]) }
}

extension HistoryLog.Result: JSONWritable, JSONEncodableByHand {
  public var json: JSONValue { .object(["entries": .array(entries.map(\.json)), "more": .bool(more)]) }
}

extension HistoryLog.Entry: JSONBytesWritable {
  /// Written straight to bytes, its keys in their order: the same bytes as `json` gives through `JSONWriter`.
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("action", action.rawValue)
      json.member("at", at)
      json.member("fromSync", fromSync)
      json.member(ifPresent: "id", id)
      json.member(ifPresent: "said", said)
      json.member("seq", seq)
      json.member("undone", undone)
      json.member("words", words)
    }
  }
}

extension HistoryLog.Entry.Said: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("at", at)
      json.member("clock", clock)
      json.member("day", day)
    }
  }
}

extension HistoryLog.Result: JSONBytesWritable {
  public func write(to json: inout JSONBytes) {
    json.object { json in
      json.member("entries", entries)
      json.member("more", more)
    }
  }
}

extension ChangeAction: JSONReadable {}

extension HistoryLog.Entry: JSONReadable {
  /// Read by hand: `log --all` reads a page of a thousand at a time.
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a change in the log")
    self.init(
      seq: try field("seq"), at: try field("at"), action: try field("action"), id: try field.optional("id"),
      words: try field("words"), undone: try field("undone"), fromSync: try field("fromSync"))
    said = try field.optional("said")
  }
}

extension HistoryLog.Entry.Said: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a change's time in words")
    self.init(at: try field("at"), day: try field("day"), clock: try field("clock"))
  }
}

extension HistoryLog.Result: JSONReadable {
  public init(json: JSONValue) throws(JSONUnreadable) {
    let field = try JSONFields(json, "a page of the log")
    self.init(entries: try field("entries"), more: try field("more"))
  }
}
