import StrideBase
import StrideJSON

// The log read as it comes (`JSONPullReadable`), without a `JSONValue` between: how `stride log` reads its parts, a
// thousand entries each. It reads what `init(json:)` (HistoryLog+JSON.swift) reads, with the same errors;
// `LogPartsTests` holds the two readers together.

extension ChangeAction: JSONPullReadable {}

extension HistoryLog.Entry: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    let what = "a change in the log"
    var (seq, at, action, id, words): (Int64?, Timestamp?, ChangeAction?, TaskID?, String?) = (nil, nil, nil, nil, nil)
    var (undone, fromSync, said): (Bool?, Bool?, Said?) = (nil, nil, nil)
    try pull.members(what) { pull, key throws(JSONUnreadable) in
      switch key {
      case "seq": seq = try pull.read()
      case "at": at = try pull.read()
      case "action": action = try pull.read()
      case "id": id = try pull.read()
      case "words": words = try pull.read()
      case "undone": undone = try pull.read()
      case "fromSync": fromSync = try pull.read()
      case "said": said = try pull.read()
      default: try pull.skip()
      }
    }
    self.init(
      seq: try seq.orMissing("seq", of: what), at: try at.orMissing("at", of: what),
      action: try action.orMissing("action", of: what), id: id, words: try words.orMissing("words", of: what),
      undone: try undone.orMissing("undone", of: what), fromSync: try fromSync.orMissing("fromSync", of: what))
    self.said = said
  }
}

extension HistoryLog.Entry.Said: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    let what = "a change's time in words"
    var (at, day, clock): (String?, String?, String?) = (nil, nil, nil)
    try pull.members(what) { pull, key throws(JSONUnreadable) in
      switch key {
      case "at": at = try pull.string()
      case "day": day = try pull.string()
      case "clock": clock = try pull.string()
      default: try pull.skip()
      }
    }
    self.init(
      at: try at.orMissing("at", of: what), day: try day.orMissing("day", of: what),
      clock: try clock.orMissing("clock", of: what))
  }
}

extension HistoryLog.Result: JSONPullReadable {
  public init(pull: inout JSONPull) throws(JSONUnreadable) {
    let what = "a page of the log"
    var (entries, more): ([HistoryLog.Entry]?, Bool?) = (nil, nil)
    try pull.members(what) { pull, key throws(JSONUnreadable) in
      switch key {
      case "entries": entries = try pull.read()
      case "more": more = try pull.read()
      default: try pull.skip()
      }
    }
    self.init(entries: try entries.orMissing("entries", of: what), more: try more.orMissing("more", of: what))
  }
}
