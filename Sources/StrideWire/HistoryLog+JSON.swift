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
