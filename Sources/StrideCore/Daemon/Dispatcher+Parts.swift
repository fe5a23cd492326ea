import Foundation
import StrideBase
import StrideProtocol
import StrideWire

/// A long reply's pages, read one at a time (Docs/protocol.md, "Replies in parts"): each call of `next` reads the next
/// page and says how many rows it holds; nil after the last. A reader holds only where it is between pages (an id, a
/// position), so the daemon's memory does not grow with the rows; it takes the store's lock only while it reads a
/// page, never while the page is written to the client.
struct PageReader<Page: Encodable> {
  let next: () throws -> (page: Page, rows: Int)?
}

extension PageReader {
  /// A result already whole, handed out `size` rows at a time by `slice` (for a listing whose order needs every row
  /// before its first, such as one sorted by a key of its own).
  static func slices(of count: Int, size: Int, _ slice: @escaping (Range<Int>) -> Page) -> PageReader {
    var start = 0
    return PageReader {
      guard start < count else { return nil }
      let range = start..<min(start + size, count)
      start = range.upperBound
      return (slice(range), range.count)
    }
  }
}

extension Reply {
  /// The reply to a request for `M` whose result may come in parts. When its params ask for parts
  /// (`"parts": true`) and the connection can be written to ahead of the reply, `pages` gives a reader of the
  /// result's pages: each page is written as a `reply.part` notification before the next is read, and the response
  /// is the summary (`ReplyParts.Summary`). Otherwise `whole` answers, as for a method without parts. An error while
  /// reading a page ends the reply with that error, after the parts already sent.
  ///
  /// This is the one way a long listing is sent in parts: a method gives its pages as a `PageReader` of results
  /// shaped as its whole result is (a page of tasks is a `task.list` result with fewer tasks), and answers with this.
  func callAsFunction<M: WireMethod, Page: Encodable>(
    _: M.Type, session: ConnectionSession?, whole: (M.Params) throws -> M.Result,
    pages: (M.Params) throws -> PageReader<Page>
  ) throws -> Data where M.Params: Decodable, M.Result: Encodable {
    let params = context.filling(try request.params.decode(M.Params.self))
    guard ReplyParts.asked(in: request.params), let session, let write = session.writeAhead else {
      return try encoder.response(id: request.id, result: try whole(params))
    }
    return try encoder.response(id: request.id, result: try send(try pages(params), by: write, session))
  }

  /// Writes each page as a part, in order, and says how many there were. A client that is gone (or stops reading
  /// for the send timeout) ends it: the session is marked so the connection ends, without a reply.
  private func send<Page: Encodable>(
    _ pages: PageReader<Page>, by write: (Data) throws -> Void, _ session: ConnectionSession
  ) throws -> ReplyParts.Summary {
    var summary = ReplyParts.Summary(parts: 0, rows: 0)
    while let (page, rows) = try pages.next() {
      summary.parts += 1
      summary.rows += rows
      let line = try encoder.notification(
        method: ReplyParts.method, params: ReplyParts.Part(id: request.id, part: summary.parts, result: page))
      do {
        try write(line)
      } catch {
        session.hungUp = true
        throw StrideError(.internalError, "the client stopped reading a reply in parts")
      }
    }
    return summary
  }
}

extension Dispatcher {
  /// `task.list`: whole, or in parts when asked.
  func taskList(_ reply: Reply, _ session: ConnectionSession?, _ caller: Tasks.Caller) throws -> Data {
    try reply(
      Wire.TaskList.self, session: session, whole: { try tasks.list($0, caller) },
      pages: { try tasks.listPages($0, caller) })
  }

  /// `task.export`: whole, or in parts when asked (a Stride export's file a piece at a time).
  func taskExport(_ reply: Reply, _ session: ConnectionSession?, at now: Date) throws -> Data {
    try reply(
      TaskExport.self, session: session, whole: { try tasks.export($0, at: now) },
      pages: { try tasks.exportPages($0, at: now) })
  }

  /// `history.log`: a page, or in parts when asked (every change that matches, a page at a time).
  func historyLog(_ reply: Reply, _ session: ConnectionSession?, _ caller: Tasks.Caller) throws -> Data {
    try reply(
      HistoryLog.self, session: session, whole: { try tasks.log($0) }, pages: { try tasks.logPages($0, caller) })
  }
}
