import Foundation
import StrideBase
import StrideCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The writes to a task collection, and what the server's answer to each means: stored, changed there since (412),
/// refused as it is, or not taken now (busy: the pass tries it again).
extension CalDAVCollection {
  func put(_ href: String, body: String, etag: String?) throws(StrideError) -> SyncWrite {
    var headers = ["Content-Type": "text/calendar; charset=utf-8"]
    if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
    return try write(
      "PUT", href, headers: headers, body: Data(body.utf8), accept: Self.refusals.union([200, 201, 204, 412]))
  }

  func delete(_ href: String, etag: String?) throws(StrideError) -> SyncWrite {
    try write(
      "DELETE", href, headers: etag.map { ["If-Match": $0] } ?? [:], body: nil,
      accept: Self.refusals.union([200, 204, 404, 410, 412]))
  }

  /// Makes one write. An answer that says the server cannot take it now (`busy`), or a connection cut or timed out
  /// on the way, is `busy` with the server's words: the write is conditional (If-Match, If-None-Match), so trying it
  /// again is safe even when the first one reached the server (then it is refused as changed there, and merged).
  private func write(
    _ method: String, _ href: String, headers: [String: String], body: Data?, accept: Set<Int>
  ) throws(StrideError) -> SyncWrite {
    let target = DAVPath.url(encoded(href), on: url)
    switch try dav.transfer(method, target, headers: headers, body: body) {
    case .failure(let error):
      let words = DAVSession.describe(error, url: target, timeout: dav.timeout, advice: dav.advice)
      guard Self.cut(error) else { throw words }
      return .busy(words.message, retryAfter: nil)
    case .success(let reply):
      if Self.busy.contains(reply.status) {
        let words = DAVSession.describe(status: reply.status, method: method, url: target, advice: dav.advice)
        return .busy(words.message, retryAfter: Self.retryAfter(reply))
      }
      guard accept.contains(reply.status) else {
        throw DAVSession.describe(status: reply.status, method: method, url: target, advice: dav.advice)
      }
      return Self.outcome(reply) ?? .stored(etag: body == nil ? nil : reply.header("ETag"))
    }
  }

  /// The answers that say the server cannot take a write now, though it may in a moment: Locked (a git-backed
  /// store's lock is held by another write), and the 5xx of a server busy or restarting.
  static let busy: Set<Int> = [423, 500, 502, 503, 504]

  /// The network failures after which a write may be tried again at once: the answer was cut or did not come.
  static func cut(_ error: Error) -> Bool {
    switch (error as? URLError)?.code {
    case .timedOut?, .networkConnectionLost?, .badServerResponse?, .cannotParseResponse?, .zeroByteResource?: true
    default: false
    }
  }

  /// The answers that refuse one write for what it is, not the whole pass.
  static let refusals: Set<Int> = [400, 403, 409, 413, 415, 422]

  /// A write's answer that did not store it: changed there since (412); not allowed to this account (a plain 403);
  /// or this resource refused as it is (a 403 naming a precondition, or 400, 409, 413, 415, 422), in the server's
  /// words.
  static func outcome(_ reply: DAVSession.Reply) -> SyncWrite? {
    let body = String(decoding: reply.body.prefix(4096), as: UTF8.self)
    // RFC 4791's and RFC 4918's preconditions, as a server names them in its error body.
    let precondition = [
      "valid-calendar-data", "valid-calendar-object-resource", "supported-calendar-data",
      "supported-calendar-component", "no-uid-conflict", "max-resource-size", "calendar-collection-location-ok",
      "min-date-time", "max-date-time", "max-instances", "max-attendees-per-instance",
    ].first { body.contains($0) }
    switch reply.status {
    case 412: return .changedOnServer
    case 403 where precondition == nil: return .forbidden
    case let status where refusals.contains(status):
      let reason = HTTPURLResponse.localizedString(forStatusCode: status)
      return .rejected("HTTP \(status) \(reason)" + (precondition.map { ", \($0)" } ?? ""))
    default: return nil
    }
  }

  /// The wait the server asked for with `Retry-After` (RFC 9110): a number of seconds, or an HTTP date, counted from
  /// the server's own `Date` when it sent one (so that the two machines' clocks need not agree).
  static func retryAfter(_ reply: DAVSession.Reply) -> Double? {
    guard let value = reply.header("Retry-After")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Int(value) { return Double(max(0, seconds)) }
    guard let until = httpDate(value) else { return nil }
    let now = reply.header("Date").flatMap(httpDate) ?? Date()
    return max(0, until.timeIntervalSince(now))
  }

  /// An HTTP date (IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT").
  static func httpDate(_ text: String) -> Date? {
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "GMT")
    format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return format.date(from: text)
  }
}
