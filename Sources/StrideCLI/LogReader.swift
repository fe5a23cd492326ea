import StrideConnection
import StrideJSON
import StrideWire

/// Where `stride log` stands as the log's parts come (Docs/protocol.md, "Replies in parts"): how many changes came,
/// whether older ones match, the last one's `seq` (to ask for the next page of a daemon that answers a page at a
/// time), and the last day heading written. A part is read as it came, without a tree (`JSONPull`).
struct LogReader {
  var count = 0
  var more = true
  var last: Int64?
  var day = ""

  /// A part's changes, for the table.
  mutating func read(_ part: [UInt8]) throws -> [HistoryLog.Entry] {
    let result: HistoryLog.Result
    do {
      result = try HistoryLog.Result(pulling: part)
    } catch {
      throw Self.unreadable
    }
    (count, more, last) = (count + result.entries.count, result.more, result.entries.last?.seq ?? last)
    return result.entries
  }

  /// A part's changes for the JSON, as the daemon wrote them, a comma before each but the very first.
  mutating func copy(_ part: [UInt8]) throws -> [UInt8] {
    var (bytes, lastEntry, partMore): ([UInt8], Range<Int>?, Bool?) = ([], nil, nil)
    var count = self.count
    do {
      try JSONPull.read(part) { pull throws(JSONUnreadable) in
        try pull.members("a page of the log") { pull, key throws(JSONUnreadable) in
          switch key {
          case "entries":
            try pull.elements { pull throws(JSONUnreadable) in
              if count > 0 { bytes.append(UInt8(ascii: ",")) }
              let start = bytes.count
              try pull.copy(into: &bytes)
              (lastEntry, count) = (start..<bytes.count, count + 1)
            }
          case "more": partMore = try pull.read()
          default: try pull.skip()
          }
        }
      }
      more = try partMore.orMissing("more", of: "a page of the log")
      // Only the last change is read: its `seq` is where a next page would start.
      if let lastEntry { last = try HistoryLog.Entry(pulling: Array(bytes[lastEntry])).seq }
    } catch {
      throw Self.unreadable
    }
    self.count = count
    return bytes
  }

  static var unreadable: ClientError {
    ClientError.unreachable("strided sent a part of the log that this stride cannot read")
  }
}
