import Foundation
import StrideBase
import StrideStore
import StrideWire

/// `history.log` in parts (Docs/protocol.md, "Replies in parts"): the changes, newest first, a page at a time.
extension Tasks {
  /// How many changes the first part holds at most: few, so a client shows the first lines at once.
  static let changesInFirstPart = 100

  /// The changes `log` gives a page at a time, newest first, each part read from the store below the last (by `seq`)
  /// as it is about to be sent: at most `limit` a part (the first at most `changesInFirstPart`), `total` in all, or
  /// every change that matches when `total` is absent. Each part's `more` says whether older changes match after it.
  /// Between parts it holds only the last part's oldest `seq`, so the daemon's memory does not grow with the history.
  func logPages(_ params: HistoryLog.Params, _ caller: Caller) throws(StrideError) -> PageReader<HistoryLog.Result> {
    let limit = try Self.logLimit(params.limit)
    if let total = params.total, total < 1 {
      throw StrideError.invalid("total must be 1 or more, not \(total); leave it out for every change")
    }
    var (before, left, more) = (params.before, params.total ?? Int.max, true)
    var first = true
    return PageReader { () throws(StrideError) in
      guard more, left > 0 else { return nil }
      var page = params
      (page.before, page.limit) = (before, min(limit, left, first ? Self.changesInFirstPart : limit))
      first = false
      var result = try self.log(page)
      guard let last = result.entries.last else { return nil }
      (before, left, more) = (last.seq, left - result.entries.count, result.more)
      // The encoder says a whole result's times; a part's are said here, as the whole result's would be.
      if let speaker = caller.speaker { result = speaker.saying(result) }
      return (result, result.entries.count)
    }
  }
}
